import { randomUUID } from 'node:crypto';
import { desc, inArray, like, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import { type Database, openDatabase } from './client';
import { type PagedListSpec, pagedList } from './paged-list';
import { shortLinks } from './schema';
import { foldedContains } from './search';

let database: Database;
let drop: () => Promise<void>;
const marker = `pl${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  const t = await createTestDatabase();
  drop = t.drop;
  database = await openDatabase(t.options);
  // Seven links a minute apart: pl…-1 the oldest, pl…-7 the newest.
  await database.db.insert(shortLinks).values(
    Array.from({ length: 7 }, (_, i) => ({
      slug: `${marker}-${i + 1}`,
      originalUrl: 'https://example.com/',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

function spec(overrides: Partial<PagedListSpec<string>>): PagedListSpec<string> {
  const { db } = database;
  return {
    table: shortLinks,
    tableName: 'short_links',
    id: shortLinks.id,
    where: like(shortLinks.slug, `${marker}-%`),
    searched: false,
    sort: shortLinks.createdAt,
    ascending: false,
    rows: async (ids: string[] | SQLWrapper) =>
      (
        await db
          .select({ slug: shortLinks.slug })
          .from(shortLinks)
          .where(inArray(shortLinks.id, ids))
          .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
      ).map((r) => r.slug),
    ...overrides,
  };
}

const slugs = (...n: number[]) => n.map((i) => `${marker}-${i}`);

describe('pagedList', () => {
  it('answers the one page envelope: the page in order, an exact total, the page asked for', async () => {
    const page = await pagedList(database.db, { page: 2, pageSize: 3 }, spec({}));
    expect(page).toStrictEqual({ items: slugs(4, 3, 2), total: 7, totalKind: 'exact', page: 2, pageSize: 3 });
  });

  it('says "at least" when a filter matches more than the cap, and still pages', async () => {
    const page = await pagedList(database.db, { page: 3, pageSize: 3 }, spec({ cap: 5 }));
    expect(page).toStrictEqual({ items: slugs(1), total: 5, totalKind: 'atLeast', page: 3, pageSize: 3 });
  });

  it('counts a search and cuts its page from one pass, exact up to the cap', async () => {
    const where = foldedContains([shortLinks.slug], marker);
    const exact = await pagedList(database.db, { page: 1, pageSize: 3 }, spec({ where, searched: true }));
    expect(exact).toMatchObject({ items: slugs(7, 6, 5), total: 7, totalKind: 'exact' });
    const over = await pagedList(database.db, { page: 1, pageSize: 3 }, spec({ where, searched: true, cap: 4 }));
    expect(over).toMatchObject({ items: slugs(7, 6, 5), total: 4, totalKind: 'atLeast' });
  });

  it('answers an empty page past the end with the total still counted', async () => {
    const page = await pagedList(database.db, { page: 9, pageSize: 3 }, spec({}));
    expect(page).toStrictEqual({ items: [], total: 7, totalKind: 'exact', page: 9, pageSize: 3 });
  });
});
