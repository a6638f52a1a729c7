/*
 * Fills the home's mail and bank rollups (decision 0103) of the bench database once, as the daily run
 * would, without reseeding: for a database seeded before the rollups existed, after migration 0051's SQL
 * was applied to it by hand. It opens a plain pool, so no migration runs against the bench database.
 *   npx tsx scripts/bench/write-home-rollups.ts
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../src/server/db/schema';
import { writeBankRollups } from '../../src/server/features/bank-readiness/bank-rollups.service';
import { writeMailRollups } from '../../src/server/features/mail/mail-rollups.service';
import { BENCH_DATABASE_URL } from './bench-db';

const pool = new pg.Pool({ connectionString: BENCH_DATABASE_URL, max: 2 });
const db = drizzle({ client: pool, schema });
const today = new Date().toISOString().slice(0, 10);
try {
  for (const [name, write] of [
    ['mail', writeMailRollups],
    ['bank', writeBankRollups],
  ] as const) {
    const t0 = Date.now();
    const days = await write(db, today);
    console.log(`${name} rollups ${days?.from} – ${days?.to}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  await db.execute('analyze mail_daily, bank_daily, daily_rollup_days, letter_counts');
} finally {
  await pool.end();
}
