import pg from 'pg';

/**
 * The benchmarks' own PostgreSQL database, never the tests' or the portal's: BENCH_DATABASE_URL, by
 * default portal_bench on the local server. Created when missing.
 */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';

export async function ensureBenchDatabase(): Promise<void> {
  const url = new URL(BENCH_DATABASE_URL);
  const name = url.pathname.replace(/^\//, '');
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const adminUrl = new URL(BENCH_DATABASE_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
