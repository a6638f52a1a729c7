/**
 * /admin/orders: every order, read-only, newest first, filtered, searched (Turkish letters folded),
 * paged in SQL and exported as CSV, on both engines.
 */

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signUp, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { orders, services } from '../../db/schema';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
let serviceId: string;
const ids: Record<string, string> = {};
const users: Record<string, { id: string; email: string }> = {};

async function customer(name: string): Promise<{ c: TestClient; id: string; email: string }> {
  const c = t.client();
  const { res, email } = await signUp(c, { fullName: name });
  expect(res.status).toBe(201);
  const me = await c.get('/api/me');
  return { c, id: me.body.user.id as string, email };
}

/** Orders as the payment code writes them, each a minute after the one before. */
async function order(key: string, userId: string, fields: Partial<typeof orders.$inferInsert>, minute: number) {
  const [row] = await t.deps.database.db
    .insert(orders)
    .values({
      userId,
      kind: 'service',
      amountCents: 19_999,
      provider: 'stripe',
      status: 'paid',
      createdAt: new Date(Date.UTC(2026, 10, 1, 9, minute)),
      ...fields,
    })
    .returning({ id: orders.id });
  ids[key] = row.id;
}

test.beforeAll(async ({ app, owner }) => {
  t = app;
  admin = owner.c;
  const [svc] = await t.deps.database.db
    .insert(services)
    .values({
      title: 'ITIN başvurusu',
      titleEn: 'ITIN application',
      description: 'x',
      priceCents: 19_999,
      isActive: true,
    })
    .returning({ id: services.id });
  serviceId = svc.id;
  const isil = await customer('IŞIL ŞAHİN');
  const ozan = await customer('Ozan Çelik');
  users.isil = isil;
  users.ozan = ozan;
  await order('isilService', isil.id, { serviceId, title: 'ITIN başvurusu', titleEn: 'ITIN application' }, 1);
  await order('ozanTest', ozan.id, { serviceId, title: 'ITIN başvurusu', provider: 'local' }, 2);
  await order(
    'ozanPackage',
    ozan.id,
    {
      kind: 'formation_package',
      packageId: 'formation_only',
      addressOption: 'shared_address',
      amountCents: 38_900,
      status: 'pending',
    },
    3,
  );
  await order(
    'isilFlagged',
    isil.id,
    {
      kind: 'formation_package',
      packageId: 'formation_with_payment',
      amountCents: 58_900,
      flag: 'paid_twice',
      provider: 'local',
    },
    4,
  );
  await order('isilCancelled', isil.id, { serviceId, title: 'ITIN başvurusu', status: 'cancelled' }, 5);
}, 60_000);

const list = async (query = '') => {
  const res = await admin.get(`/api/admin/orders${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Array<Record<string, unknown>>; total: number; totalKind: string };
};
const idsOf = (body: { items: Array<Record<string, unknown>> }) => body.items.map((i) => i.id);

describe('the orders list', () => {
  it('lists every order newest first, with its customer, item, amount, status and TEST MODE mark', async () => {
    const body = await list();
    expect(idsOf(body)).toEqual([ids.isilCancelled, ids.isilFlagged, ids.ozanPackage, ids.ozanTest, ids.isilService]);
    expect(body).toMatchObject({ total: 5, totalKind: 'exact' });
    expect(body.items[1]).toMatchObject({
      userId: users.isil.id,
      customerEmail: users.isil.email,
      customerName: 'IŞIL ŞAHİN',
      kind: 'formation_package',
      packageId: 'formation_with_payment',
      amountCents: 58_900,
      status: 'paid',
      testMode: true,
      flag: 'paid_twice',
    });
    expect(body.items[4]).toMatchObject({
      serviceId,
      title: 'ITIN başvurusu',
      titleEn: 'ITIN application',
      testMode: false,
    });
  });

  it('filters by status, by service or package, and by TEST MODE, alone or together', async () => {
    expect(idsOf(await list('status=pending'))).toEqual([ids.ozanPackage]);
    expect(idsOf(await list(`service=${serviceId}`))).toEqual([ids.isilCancelled, ids.ozanTest, ids.isilService]);
    expect(idsOf(await list('service=formation_only'))).toEqual([ids.ozanPackage]);
    expect(idsOf(await list('mode=test'))).toEqual([ids.isilFlagged, ids.ozanTest]);
    expect(idsOf(await list('mode=live'))).toEqual([ids.isilCancelled, ids.ozanPackage, ids.isilService]);
    expect(idsOf(await list(`mode=live&status=paid&service=${serviceId}`))).toEqual([ids.isilService]);
  });

  it('searches by customer with Turkish letters folded, or by their exact id', async () => {
    const isil = [ids.isilCancelled, ids.isilFlagged, ids.isilService];
    expect(idsOf(await list(`q=${encodeURIComponent('ısıl sahin')}`))).toEqual(isil);
    expect(idsOf(await list(`q=${encodeURIComponent('IŞIL')}`))).toEqual(isil);
    expect(idsOf(await list(`q=${encodeURIComponent('çelik')}&mode=test`))).toEqual([ids.ozanTest]);
    expect(idsOf(await list(`q=${encodeURIComponent(users.ozan.email)}`))).toEqual([ids.ozanPackage, ids.ozanTest]);
    expect(idsOf(await list(`q=${users.ozan.id}`))).toEqual([ids.ozanPackage, ids.ozanTest]);
    expect(await list('q=nobody-at-all')).toMatchObject({ items: [], total: 0 });
  });

  it("filters by the UTC day paid, both ends included, as the home's money figures count (decision 0055)", async () => {
    const db = t.deps.database.db;
    await db
      .update(orders)
      .set({ paidAt: new Date('2026-11-01T23:30:00Z') })
      .where(eq(orders.id, ids.isilService));
    await db
      .update(orders)
      .set({ paidAt: new Date('2026-11-02T00:00:00Z') })
      .where(eq(orders.id, ids.isilFlagged));
    expect(idsOf(await list('paidFrom=2026-11-01&paidTo=2026-11-01'))).toEqual([ids.isilService]);
    expect(idsOf(await list('paidFrom=2026-11-02'))).toEqual([ids.isilFlagged]);
    expect(idsOf(await list('paidTo=2026-11-02&mode=live'))).toEqual([ids.isilService]);
    const reversed = await admin.get('/api/admin/orders?paidFrom=2026-11-03&paidTo=2026-11-01');
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('paidTo');
  });

  it('pages in SQL without repeats or gaps', async () => {
    const pages = [await list('pageSize=2&page=1'), await list('pageSize=2&page=2'), await list('pageSize=2&page=3')];
    expect(pages.flatMap(idsOf)).toEqual(idsOf(await list()));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    const searched = [await list('q=ozan&pageSize=1&page=1'), await list('q=ozan&pageSize=1&page=2')];
    expect(searched.flatMap(idsOf)).toEqual([ids.ozanPackage, ids.ozanTest]);
  });

  it('refuses a bad filter with 400 and anyone but staff with 401 or 403', async () => {
    for (const query of [
      'status=refunded',
      'service=nope',
      'mode=free',
      'pageSize=500',
      'page=0',
      'paidFrom=2026-13-01',
    ]) {
      const res = await admin.get(`/api/admin/orders?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await t.client().get('/api/admin/orders')).status).toBe(401);
    expect((await t.client().get('/api/admin/orders/export.csv')).status).toBe(401);
    const { c } = await customer('Meraklı Müşteri');
    expect((await c.get('/api/admin/orders')).status).toBe(403);
    expect((await c.get('/api/admin/orders/export.csv')).status).toBe(403);
  });
});

describe('the orders export', () => {
  it('streams the filtered orders as CSV, newest first, TEST MODE marked', async () => {
    const res = await admin.get('/api/admin/orders/export.csv?mode=test');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Created At,Customer Email,Customer Name,Item,Amount,Currency,Status,Test Mode,Payment Flag,Paid At,Order ID',
    );
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual([ids.isilFlagged, ids.ozanTest]);
    expect(lines[1]).toContain(',Premium,589.00,USD,Paid,TEST MODE,Paid twice,');
    // Bought before the service had an English title: the Turkish one stands in.
    expect(lines[2]).toContain(',ITIN başvurusu,199.99,USD,Paid,TEST MODE,,');
  });

  it('has an Excel (Turkish) variant: BOM, semicolons, Turkish labels and decimal commas', async () => {
    const res = await admin.get(`/api/admin/orders/export.csv?format=excel-tr&service=${serviceId}&status=cancelled`);
    const text = String(res.body);
    expect(res.headers.get('content-disposition')).toMatch(/-tr\.csv"$/);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(';')).toEqual([
      'Oluşturulma Tarihi',
      'Müşteri E-postası',
      'Müşteri Adı',
      'Kalem',
      'Tutar',
      'Para Birimi',
      'Durum',
      'Test Modu',
      'Ödeme Uyarısı',
      'Ödeme Tarihi',
      'Sipariş No',
    ]);
    expect(lines[1].split(';')).toEqual([
      '01.11.2026 12:05',
      users.isil.email,
      'IŞIL ŞAHİN',
      'ITIN başvurusu',
      // Quoted: it holds the other dialect's separator (decision 0075); Excel still reads it as a number.
      '"199,99"',
      'USD',
      'İptal edildi',
      '',
      '',
      '',
      ids.isilCancelled,
    ]);
  });
});
