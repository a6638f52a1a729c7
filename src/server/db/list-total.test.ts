import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import { type Database, openDatabase } from './client';
import { cappedTotal, searchedPage, tableTotal } from './list-total';
import { users } from './schema';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = await openDatabase(created.options);
  await database.db.insert(users).values(
    Array.from({ length: 30 }, (_, i) => ({
      id: `lt-${String(i).padStart(2, '0')}`,
      name: `Kişi ${i}`,
      email: `lt${i}@example.com`,
      // Pairs share a date, so the id must break the tie.
      createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))),
    })),
  );
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

  it('reads a searched page and its exact total from one pass, or declines above the cap', async () => {
    const { db } = database;
    const spec = (over: { ascending?: boolean; limit?: number; offset?: number } = {}) => ({
      table: users,
      id: users.id,
      sort: users.createdAt,
      ascending: over.ascending ?? false,
      where: like(users.id, 'lt-%'),
      limit: over.limit ?? 4,
      offset: over.offset ?? 0,
    });
    expect(await searchedPage(db, spec(), 100)).toEqual({ ids: ['lt-29', 'lt-28', 'lt-27', 'lt-26'], total: 30 });
    expect(await searchedPage(db, spec({ ascending: true, offset: 4 }), 100)).toEqual({
      ids: ['lt-04', 'lt-05', 'lt-06', 'lt-07'],
      total: 30,
    });
    expect(await searchedPage(db, spec({ offset: 28 }), 100)).toEqual({ ids: ['lt-01', 'lt-00'], total: 30 });
    expect(await searchedPage(db, spec({ offset: 40 }), 100)).toEqual({ ids: [], total: 30 });
    expect(await searchedPage(db, spec(), 30)).toEqual({ ids: ['lt-29', 'lt-28', 'lt-27', 'lt-26'], total: 30 });
    expect(await searchedPage(db, spec(), 29)).toBeNull();
    expect(await searchedPage(db, { ...spec(), where: like(users.id, 'nobody-%') })).toEqual({ ids: [], total: 0 });
  });
});
