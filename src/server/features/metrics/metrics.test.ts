/**
 * Decision 0049: GET /metrics in the Prometheus text format, scraped after real traffic and parsed.
 * Access: the bearer METRICS_TOKEN when set; a loopback caller without a proxy's header when not.
 */
import { describe, expect, it } from 'vitest';
import { apiTestWith } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { serverToday } from '../../platform/clock';
import { runDailyRetention } from '../retention/retention.service';

const TOKEN = 'metrics-token-for-tests-0123456789';
const test = apiTestWith({ METRICS_TOKEN: TOKEN });
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format: `# HELP`/`# TYPE` lines, then `name{a="b",…} value` per sample. */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('GET /metrics (decision 0049)', () => {
  it('serves the series after traffic: requests by route template, pool, outbox, daily runs, uploads, event loop, process', async () => {
    const { c } = await signedInCustomer(t); // a sign-up queues its verification mail
    expect((await c.get('/api/me')).status).toBe(200);
    expect((await c.get('/api/ein-applications/not-a-uuid/nothing')).status).toBe(404);
    expect((await t.client().get('/api/me')).status).toBe(401);
    await runDailyRetention(t.deps, serverToday(t.deps.env));

    const res = await t.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const { samples, types } = parse(res.body as string);

    expect(types.get('portal_http_request_duration_seconds')).toBe('histogram');
    const me = find(samples, 'portal_http_request_duration_seconds_count', { route: '/api/me', method: 'GET' });
    expect(Object.fromEntries(me.map((s) => [s.labels.status, s.value]))).toMatchObject({ '200': 1, '401': 1 });
    // No raw paths: an unknown path is counted under the catch-all that answered it.
    expect(samples.some((s) => s.labels.route?.includes('not-a-uuid'))).toBe(false);
    expect(find(samples, 'portal_http_request_duration_seconds_count', { status: '404' }).length).toBeGreaterThan(0);

    expect(find(samples, 'portal_db_engine_info', { engine: t.deps.database.engine })[0]?.value).toBe(1);
    const pool = find(samples, 'portal_db_pool_connections');
    if (t.deps.database.engine === 'postgres') {
      expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
      expect(find(samples, 'portal_db_pool_connections', { state: 'total' })[0].value).toBeGreaterThan(0);
    } else {
      expect(pool).toEqual([]);
    }
    expect(find(samples, 'portal_mail_outbox_pending')[0].value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'portal_mail_outbox_oldest_pending_age_seconds')[0].value).toBeGreaterThanOrEqual(0);
    const retention = find(samples, 'portal_job_last_success_timestamp_seconds', { job: 'retention' })[0];
    expect(Math.abs(retention.value - Date.now() / 1000)).toBeLessThan(120);
    expect(find(samples, 'portal_job_last_success_timestamp_seconds', { job: 'backup' })).toEqual([]);
    expect(find(samples, 'portal_upload_budget_bytes', { state: 'in_use' })[0].value).toBe(0);
    expect(find(samples, 'portal_upload_budget_bytes', { state: 'total' })[0].value).toBeGreaterThan(0);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(find(samples, 'process_cpu_seconds_total')).toHaveLength(1);
    expect(find(samples, 'process_resident_memory_bytes')).toHaveLength(1);
  });

  it('needs the token when one is set, and otherwise a loopback caller with no proxy in between', async () => {
    const loopback = t.client({ ip: '127.0.0.1' });
    expect((await loopback.get('/metrics')).status).toBe(401);
    expect((await loopback.get('/metrics', { authorization: 'Bearer wrong-token-of-some-length' })).status).toBe(401);
    t.deps.env.METRICS_TOKEN = undefined;
    try {
      expect((await loopback.get('/metrics')).status).toBe(200);
      expect((await t.client({ ip: '::1' }).get('/metrics')).status).toBe(200);
      expect((await t.client({ ip: '203.0.113.9' }).get('/metrics')).status).toBe(403);
      expect((await loopback.get('/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    } finally {
      t.deps.env.METRICS_TOKEN = TOKEN;
    }
  });

  it('is not served in production without a token, even to a loopback caller with no proxy header (decision 0075)', async () => {
    const loopback = t.client({ ip: '127.0.0.1' });
    t.deps.env.METRICS_TOKEN = undefined;
    t.deps.env.production = true;
    try {
      // What a local proxy that drops X-Forwarded-For hands the app for any visitor.
      expect((await loopback.get('/metrics')).status).toBe(404);
      expect((await t.client({ ip: '::1' }).get('/metrics')).status).toBe(404);
      t.deps.env.METRICS_TOKEN = TOKEN;
      expect((await loopback.get('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    } finally {
      t.deps.env.production = false;
      t.deps.env.METRICS_TOKEN = TOKEN;
    }
  });
});
