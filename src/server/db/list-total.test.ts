import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import { type Database, openDatabase } from './client';
import { cappedTotal, tableTotal } from './list-total';
import { users } from './schema';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = await openDatabase(created.options);
  await database.db
    .insert(users)
    .values(Array.from({ length: 30 }, (_, i) => ({ id: `lt-${i}`, name: `Kişi ${i}`, email: `lt${i}@example.com` })));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('list totals', () => {
  it('counts a filtered list exactly up to the cap, then says "at least"', async () => {
    const { db } = database;
    const matches = () => db.select({ id: users.id }).from(users).where(like(users.id, 'lt-%'));
    expect(await cappedTotal(db, matches(), 100)).toEqual({ total: 30, totalKind: 'exact' });
    expect(await cappedTotal(db, matches(), 30)).toEqual({ total: 30, totalKind: 'exact' });
    expect(await cappedTotal(db, matches(), 10)).toEqual({ total: 10, totalKind: 'atLeast' });
  });

  it("counts a small table exactly and a large one by the planner's estimate", async () => {
    const { db } = database;
    await db.execute(sql`analyze users`);
    expect(await tableTotal(db, users, 'users')).toEqual({ total: 30, totalKind: 'exact' });
    expect(await tableTotal(db, users, 'users', 20)).toEqual({ total: 30, totalKind: 'estimate' });
  });
});
