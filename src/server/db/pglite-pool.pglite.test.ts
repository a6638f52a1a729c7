import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { lentPglite } from '../../../tests/support/pglite-pool';
import { createTestApp, signUpAdmin } from '../../../tests/support/test-app';
import { openDatabase } from './client';

/*
 * Decision 0111: the PGlite test files share emptied databases. What a file leaves behind must never reach
 * the next: its rows, a schema it changed, a transaction it left open. (PGlite only, `*.pglite.test.ts`: on
 * PostgreSQL each file has a database of its own, made from the template and dropped.)
 */

async function lend() {
  const options = await lentPglite();
  if (!('lentPglite' in options)) throw new Error('the pool lent no PGlite');
  return { options, client: options.lentPglite, giveBack: () => options.giveBack(options.lentPglite) };
}

const rows = async (client: PGlite, table: string) =>
  (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;

describe('the PGlite pool of the tests', () => {
  it('lends the database a file gave back again, emptied to the template', async () => {
    const t = await createTestApp();
    const { res } = await signUpAdmin(t.client());
    expect(res.status).toBe(201);
    const used = (t.databaseOptions as { lentPglite: PGlite }).lentPglite;
    expect(await rows(used, 'users')).toBe(1);
    expect(await rows(used, 'sessions')).toBe(1);
    await t.close();

    const again = await lend();
    expect(again.client).toBe(used);
    expect(await rows(again.client, 'users')).toBe(0);
    expect(await rows(again.client, 'sessions')).toBe(0);
    expect(await rows(again.client, 'audit_events')).toBe(0);
    // The migrations stay recorded: a portal opened on it finds nothing to migrate.
    expect(await rows(again.client, 'drizzle.__drizzle_migrations')).toBeGreaterThan(0);
    await again.giveBack();
  });

  it('closes a database whose schema a file changed, and lends a new one', async () => {
    const changed = await lend();
    await changed.client.exec('create table public.left_behind (id int)');
    await changed.giveBack();
    expect(changed.client.closed).toBe(true);

    const next = await lend();
    expect(next.client).not.toBe(changed.client);
    expect((await next.client.query(`select 1 from pg_tables where tablename = 'left_behind'`)).rows).toEqual([]);
    await next.giveBack();
  });

  it('closes a database given back inside an open transaction', async () => {
    const open = await lend();
    await open.client.exec('begin');
    await open.giveBack();
    expect(open.client.closed).toBe(true);
  });

  it('takes a database back once when the portal closes it twice', async () => {
    const lent = await lend();
    const database = await openDatabase(lent.options);
    await Promise.all([database.close(), database.close()]);
    const first = await lend();
    const second = await lend();
    expect(first.client).toBe(lent.client);
    expect(first.client.closed).toBe(false);
    expect(await rows(first.client, 'users')).toBe(0);
    expect(second.client).not.toBe(lent.client);
    await first.giveBack();
    await second.giveBack();
  });
});
