import { defineConfig } from 'vitest/config';

/**
 * The authorization matrix and the fuzz walk run on one engine in `npm test` (decision 0045): on PostgreSQL
 * when it answers (scripts/test.mjs sets WALKS_ON=postgres), where requests truly run at once and a race
 * between two of them shows (decision 0108), else on PGlite. `npm run fuzz` walks both engines.
 */
const WALKS = ['src/server/security/fuzz.test.ts', 'src/server/security/authorization-matrix.test.ts'];
const WALKS_EVERYWHERE = Boolean(process.env.FUZZ_RUNS || process.env.FULL_WALKS);
const WALKS_ON_POSTGRES = process.env.WALKS_ON === 'postgres';

/** The tests whose texts depend on the time zone; they run in three zones. */
const DATE_TESTS = ['tests/unit/format.test.ts', 'tests/unit/shared/format/**/*.test.ts'];

/**
 * One runner, six projects: unit (pure logic, its date tests also west and east of UTC), the API tests on PGlite and on PostgreSQL (the same
 * files, TEST_DB chooses the engine), and the browser tests against the built app.
 */
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: on this two-core machine one file at
    // a time, 24 minutes. The API tests wait on PostgreSQL and the browser tests on Chromium, both other
    // processes, so three files at once keep both cores busy (two at once: 17.6 minutes).
    maxWorkers: 3,
    // The API and browser projects set isolate: false (decision 0088): a file no longer imports the whole
    // server anew (a third of an API file's CPU), so a file there must leave no module or global state
    // behind — no vi.mock, no stubbed global; a seam the test swaps back instead (short-links' slugSource).
    experimental: { fsModuleCache: true },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      // The date tests again west and east of UTC (decision 0076): a calendar date read as local midnight
      // shows the day before in New York; Tokyo catches the opposite shift. Node re-reads TZ when set.
      ...(
        [
          ['unit-tz-west', 'America/New_York'],
          ['unit-tz-east', 'Asia/Tokyo'],
        ] as const
      ).map(([name, zone]) => ({
        test: {
          name,
          include: DATE_TESTS,
          environment: 'node' as const,
          isolate: false,
          env: { TZ: zone, EXPECT_TZ: zone },
        },
      })),
      {
        test: {
          name: 'api-pglite',
          include: ['src/server/**/*.test.ts'],
          // *.postgres.test.ts: what only a database server has (connections to end, an outage).
          exclude: [
            'src/server/**/*.unit.test.ts',
            'src/server/**/*.postgres.test.ts',
            ...(WALKS_ON_POSTGRES && !WALKS_EVERYWHERE ? WALKS : []),
          ],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['tests/support/global-setup-db.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['src/server/**/*.test.ts'],
          // *.pglite.test.ts: what only the embedded engine has (the tests' pool of emptied databases).
          exclude: [
            'src/server/**/*.unit.test.ts',
            'src/server/**/*.pglite.test.ts',
            ...(WALKS_EVERYWHERE || WALKS_ON_POSTGRES ? [] : WALKS),
          ],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          // One migrated database per run, copied by each file (global-setup-postgres.ts).
          globalSetup: ['tests/support/global-setup-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup-db.ts', 'tests/e2e/global-setup.ts'],
          isolate: false,
          // The long journeys are split into tests of at most about 20 s on a quiet machine (decision 0093;
          // 60–105 s before, 120 s on a busy CI run): 240 s leaves a loaded machine far more than twice that.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // expect.poll's own default is one second: on a busy machine a page can take longer to draw, and
          // two browser tests failed that way in CI. Thirty seconds is Playwright's own locator wait.
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
    ],
  },
});
