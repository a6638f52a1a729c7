import type { MatrixEnv, MatrixRows } from '../../../../tests/support/matrix-rows';

/** The authorization matrix's rows of this feature (decision 0008; how to write one: authorization-matrix.test.ts). */
export function metricsMatrix(_env: MatrixEnv): MatrixRows {
  return {
    // Decision 0049: without METRICS_TOKEN only a loopback caller may scrape, and every role here calls
    // from a remote address; the loopback and token cases are in features/metrics/metrics.test.ts.
    'GET /metrics': { extra: true, expect: [403, 403, 403, 403] },
  };
}
