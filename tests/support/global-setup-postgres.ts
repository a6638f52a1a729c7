import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { POSTGRES_ADMIN_URL } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every PostgreSQL test database of this run is copied from. */
    postgresTemplate: string;
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Every PostgreSQL test file used to create an empty database and run all the migrations on it (about
 * two seconds each on an idle machine, ten on a busy one). One database migrated here and copied by
 * `create database … template` costs one copy per file. Named per run, so that two runs side by side
 * (two checkouts) never drop each other's template.
 */
export default async function setup(project: TestProject) {
  const name = `portal_tpl_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  };
}
