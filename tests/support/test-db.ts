import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseOptions } from '../../src/server/db/client';
import { TEMPLATE_PATH } from './global-setup-db';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestEngine = 'pglite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A throwaway database for one test file: an in-memory PGlite from the migrated template, or a new
 * PostgreSQL database that `drop()` removes afterwards, copied from the run's migrated template
 * (global-setup-postgres.ts). `empty` gives a PostgreSQL database with nothing in it, for what must
 * start from nothing: a restore's target, several copies migrating at once.
 */
export async function createTestDatabase(
  opts: { empty?: boolean } = {},
): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  if (testEngine() === 'pglite') {
    const blob = new Blob([readFileSync(TEMPLATE_PATH)]);
    return { options: { memory: true, loadDataDir: blob }, drop: async () => {} };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  const template = opts.empty ? undefined : inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Ends every connection to one test database, as a restart or an operator would (PostgreSQL only). */
export async function terminateConnectionsTo(name: string): Promise<number> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const res = await admin.query(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
