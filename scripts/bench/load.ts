/** One autocannon run, reduced to the figures the report uses. */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than the expected status, and socket errors / timeouts. */
  unexpected: number;
  errors: number;
  total: number;
}

export async function load(
  url: string,
  opts: { headers?: Record<string, string>; connections?: number; seconds?: number; expectStatus?: number } = {},
): Promise<LoadResult> {
  const expect = opts.expectStatus ?? 200;
  let unexpected = 0;
  const instance = autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    timeout: 10,
  });
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode !== expect) unexpected += 1;
  });
  const r = await instance;
  return {
    requestsPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    unexpected,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  };
}
