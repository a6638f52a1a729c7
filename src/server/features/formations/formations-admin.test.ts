import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signUp, type TestApp, type TestClient, uniqueEmail } from '../../../../tests/support/test-app';
import { companyFormations, mailOutbox, userProfiles, users } from '../../db/schema';
import { csvCell, turkishDate } from '../../platform/csv/csv';
import { exportFileName } from '../../platform/csv/export-route';
import { helpers } from '../ein/ein.fixtures';
import { CSV_HEADER } from './formations-admin.csv';
import { COUNT_CAP, exportPages } from './formations-admin.service';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
let adminId: string;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
  adminId = owner.id;
});

const { db, auditOf, applicant } = helpers(() => t);
const base = '/api/admin/formations';

interface Item {
  id: string;
  userId: string;
  customerEmail: string;
  customerName: string | null;
  businessName: string | null;
  stateSelected: string | null;
  formationStatus: string;
  paymentStatus: string;
  createdAt: string;
  updatedAt: string;
  einApplication: { id: string; einStatus: string } | null;
}

/** A customer who signed up and went through onboarding; the formation's fields then set as given. */
async function customerWithFormation(
  opts: {
    fullName?: string;
    email?: string;
    businessName?: string | null;
    state?: string | null;
    paymentStatus?: 'pending' | 'paid' | 'failed';
  } = {},
) {
  const c = t.client();
  const overrides: Record<string, unknown> = {};
  if (opts.fullName) overrides.fullName = opts.fullName;
  if (opts.email) overrides.email = opts.email;
  const { res, email } = await signUp(c, overrides);
  expect(res.status).toBe(201);
  const created = await c.post('/api/formations', { formationType: 'self', addressPreference: 'shared' });
  expect(created.status).toBe(201);
  const id = created.body.formation.id as string;
  await db()
    .update(companyFormations)
    .set({
      businessName: opts.businessName ?? null,
      stateSelected: opts.state ?? null,
      paymentStatus: opts.paymentStatus ?? 'pending',
    })
    .where(eq(companyFormations.id, id));
  return { c, userId: res.body.user.id as string, email, formationId: id };
}

async function list(params: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await admin.get(`${base}?${search}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Item[]; total: number; totalKind: string; page: number; pageSize: number };
}

async function exportCsv(params: Record<string, string> = {}) {
  const res = await admin.get(`${base}/export.csv?${new URLSearchParams(params)}`);
  expect(res.status, String(res.body).slice(0, 300)).toBe(200);
  return res;
}

/** RFC 4180 records (quoted cells may hold separators, quotes and line breaks). */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('GET /api/admin/formations', () => {
  it('answers each formation with its customer, payment status and EIN application', async () => {
    const who = await applicant({ businessName: 'Kartal Teknoloji LLC' });
    const page = await list({ q: who.email });
    expect(page.total).toBe(1);
    expect(page.totalKind).toBe('exact');
    const [item] = page.items;
    expect(item).toMatchObject({
      userId: who.id,
      customerEmail: who.email,
      customerName: 'Ayşe Yılmaz',
      formationStatus: 'ein_created',
      paymentStatus: 'pending',
      einApplication: { id: who.application.id, einStatus: 'waiting_for_form' },
    });
    expect(item.businessName).toBe('Kartal Teknoloji LLC');
  });

  it('searches business name, email, name and state with Turkish letters folded, and ids exactly', async () => {
    const marker = randomUUID().slice(0, 8);
    const a = await customerWithFormation({ businessName: `İSTANBUL Ticaret ${marker}`, state: 'Wyoming' });
    const b = await customerWithFormation({ fullName: `Işıl Şahin ${marker}`, state: 'Delaware' });
    const c = await customerWithFormation({ email: uniqueEmail(`sirket${marker}`), state: 'Florida' });
    const d = await customerWithFormation({ businessName: `Kuzey ${marker}`, state: `Şanlıurfa-${marker}` });

    const ids = async (q: string) => (await list({ q })).items.map((i) => i.id).sort();
    expect(await ids(`istanbul ticaret ${marker}`)).toEqual([a.formationId]);
    expect(await ids(`ışıl şahin ${marker}`)).toEqual([b.formationId]);
    expect(await ids(`ISIL SAHIN ${marker}`)).toEqual([b.formationId]);
    expect(await ids(`ŞİRKET${marker}`)).toEqual([c.formationId]);
    expect(await ids(`sanliurfa-${marker}`)).toEqual([d.formationId]);
    expect(await ids(a.formationId)).toEqual([a.formationId]);
    expect(await ids(b.userId)).toEqual([b.formationId]);
    // A part of an id is not an id; LIKE wildcards are literal.
    expect(await ids(a.formationId.slice(0, 13))).toEqual([]);
    expect(await ids(`%${marker}`)).toEqual([]);
  });

  it('filters by formation_status and payment_status, together with a search', async () => {
    const marker = `flt${randomUUID().slice(0, 6)}`;
    const paid = await customerWithFormation({ businessName: `${marker} A`, paymentStatus: 'paid' });
    const pending = await customerWithFormation({ businessName: `${marker} B` });
    const done = await customerWithFormation({ businessName: `${marker} C`, paymentStatus: 'paid' });
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'process_completed' })
      .where(eq(companyFormations.id, done.formationId));

    const ids = async (params: Record<string, string>) =>
      (await list({ q: marker, ...params })).items.map((i) => i.id).sort();
    expect(await ids({})).toEqual([paid.formationId, pending.formationId, done.formationId].sort());
    expect(await ids({ status: 'all' })).toHaveLength(3);
    expect(await ids({ status: 'preparation' })).toEqual([paid.formationId, pending.formationId].sort());
    expect(await ids({ status: 'process_completed' })).toEqual([done.formationId]);
    expect(await ids({ paymentStatus: 'paid' })).toEqual([paid.formationId, done.formationId].sort());
    expect(await ids({ status: 'preparation', paymentStatus: 'paid' })).toEqual([paid.formationId]);
    const filtered = await list({ q: marker, status: 'preparation' });
    expect(filtered.total).toBe(2);
  });

  it('refuses unknown filters, sorts and page sizes', async () => {
    for (const query of ['status=done', 'paymentStatus=cancelled', 'sort=name', 'pageSize=1000', 'page=0']) {
      const res = await admin.get(`${base}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('sorts by created or updated date either way, the id breaking ties, with stable pages', async () => {
    const marker = `srt${randomUUID().slice(0, 6)}`;
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await customerWithFormation({ businessName: `${marker} ${i}` }));
    // created: 0 oldest … 4 newest, with 1 and 2 at the same instant; updated: the reverse order.
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
    const created = [day(0), day(1), day(1), day(3), day(4)];
    for (const [i, m] of made.entries()) {
      await db()
        .update(companyFormations)
        .set({ createdAt: created[i], updatedAt: day(10 - i) })
        .where(eq(companyFormations.id, m.formationId));
    }
    const tie = [made[1].formationId, made[2].formationId].sort();
    const order = async (sort: string) => (await list({ q: marker, sort })).items.map((i) => i.id);

    expect(await order('created_asc')).toEqual([made[0].formationId, ...tie, made[3].formationId, made[4].formationId]);
    expect(await order('created_desc')).toEqual([
      made[4].formationId,
      made[3].formationId,
      ...[...tie].reverse(),
      made[0].formationId,
    ]);
    expect(await order('updated_desc')).toEqual(made.map((m) => m.formationId));
    expect(await order('updated_asc')).toEqual(made.map((m) => m.formationId).reverse());

    for (const sort of ['created_asc', 'created_desc', 'updated_asc', 'updated_desc']) {
      const all = await order(sort);
      const paged: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const res = await list({ q: marker, sort, page, pageSize: 2 });
        expect(res.total).toBe(5);
        paged.push(...res.items.map((i) => i.id));
      }
      expect(paged, sort).toEqual(all);
    }
  });
});

/** The stage mails queued to `to` (the sign-up verification left out). */
async function stageMails(to: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.filter((m) => m.template !== 'verify');
}

describe('PUT /api/admin/formations/{id}/status', () => {
  it('sets any status, backwards too, with an audit row, the profile mirrored and one mail per change', async () => {
    const who = await customerWithFormation({ businessName: 'Durum LLC' });
    const url = `${base}/${who.formationId}/status`;
    expect(await stageMails(who.email)).toEqual([]);
    const forward = await admin.request('PUT', url, { formationStatus: 'process_completed' });
    expect(forward.status).toBe(200);
    expect(forward.body.formation).toMatchObject({ id: who.formationId, formationStatus: 'process_completed' });
    const back = await admin.request('PUT', url, { formationStatus: 'formation_completed' });
    expect(back.status).toBe(200);
    expect(back.body.formation.formationStatus).toBe('formation_completed');

    const audits = await auditOf(who.userId, 'formation.status_changed');
    expect(audits.map((a) => [a.before, a.after, a.actorId, a.actorRole])).toEqual([
      [{ formationStatus: 'preparation' }, { formationStatus: 'process_completed' }, adminId, 'admin'],
      [{ formationStatus: 'process_completed' }, { formationStatus: 'formation_completed' }, adminId, 'admin'],
    ]);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, who.userId));
    expect(profile.formationStatus).toBe('formation_completed');

    expect(await stageMails(who.email)).toHaveLength(2);

    // The same value again: nothing to record, nothing to send.
    const same = await admin.request('PUT', url, { formationStatus: 'formation_completed' });
    expect(same.status).toBe(200);
    expect(await auditOf(who.userId, 'formation.status_changed')).toHaveLength(2);
    expect(await stageMails(who.email)).toHaveLength(2);
  });

  it('refuses an unknown status and an unknown formation, and records nothing', async () => {
    const who = await customerWithFormation();
    const bad = await admin.request('PUT', `${base}/${who.formationId}/status`, { formationStatus: 'done' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('formationStatus');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await admin.request('PUT', `${base}/${id}/status`, { formationStatus: 'ein_created' });
      expect(res.status).toBe(404);
    }
    expect(await auditOf(who.userId, 'formation.status_changed')).toEqual([]);
    expect(await stageMails(who.email)).toEqual([]);
  });
});

describe('GET /api/admin/formations/{id}/file', () => {
  it('gathers profile, formation, EIN, documents and the timeline, newest first, with who did what', async () => {
    const who = await applicant({ businessName: 'Dosya Teknoloji LLC' });
    const [formation] = await db().select().from(companyFormations).where(eq(companyFormations.userId, who.id));
    await db()
      .update(userProfiles)
      .set({ utmSource: 'instagram', utmCampaign: 'kis', shortLinkSlug: 'kampanya' })
      .where(eq(userProfiles.id, who.id));
    expect(
      (await admin.request('PUT', `${base}/${formation.id}/status`, { formationStatus: 'process_completed' })).status,
    ).toBe(200);

    const res = await admin.get(`${base}/${formation.id}/file`);
    expect(res.status).toBe(200);
    const { file } = res.body;
    expect(file.profile).toMatchObject({
      userId: who.id,
      email: who.email,
      name: 'Ayşe Yılmaz',
      lang: 'tr',
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'kis',
      shortLinkSlug: 'kampanya',
    });
    expect(file.formation).toMatchObject({ id: formation.id, formationStatus: 'process_completed' });
    expect(file.einApplication).toMatchObject({
      id: who.application.id,
      einStatus: 'waiting_for_form',
      status: 'pending',
      businessName: 'Dosya Teknoloji LLC',
    });
    expect(file.turnkeyRequest).toBeNull();
    expect(file.documents).toHaveLength(2);
    expect(file.orders).toEqual([]);
    expect(file.supportThreads).toEqual([]);

    const [latest] = file.timeline;
    expect(latest).toMatchObject({
      action: 'formation.status_changed',
      entityId: formation.id,
      actor: { id: adminId, role: 'admin', name: 'Admin Kişi' },
      changes: [{ field: 'formationStatus', from: 'ein_created', to: 'process_completed' }],
    });
    const actions = file.timeline.map((e: { action: string }) => e.action);
    expect(actions).toContain('ein.created');
    expect(actions).toContain('formation.created');
    const times = file.timeline.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nope']) expect((await admin.get(`${base}/${id}/file`)).status).toBe(404);
  });
});

describe('GET /api/admin/formations/export.csv', () => {
  it('writes the product.md#admin-pages columns, quotes per RFC 4180 and neutralises formulas, named by date', async () => {
    const marker = `csv${randomUUID().slice(0, 6)}`;
    const names = [
      `=HYPERLINK("http://evil")${marker}`,
      `+1 ${marker}`,
      `-2 ${marker}`,
      `@SUM ${marker}`,
      `\tTab ${marker}`,
      `Virgül, "tırnak" ${marker}`,
      `Satır\nsonu ${marker}`,
    ];
    for (const name of names) await customerWithFormation({ businessName: name, state: 'Wyoming' });
    const res = await exportCsv({ q: marker, sort: 'created_asc' });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="formations-${today}.csv"`);

    const text = res.body as string;
    expect(text.startsWith('Business Name,')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      `'=HYPERLINK("http://evil")${marker}`,
      `'+1 ${marker}`,
      `'-2 ${marker}`,
      `'@SUM ${marker}`,
      `'\tTab ${marker}`,
      `Virgül, "tırnak" ${marker}`,
      `Satır\nsonu ${marker}`,
    ]);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(10);
      expect(row.slice(1, 4)).toEqual(['Preparation', 'Wyoming', 'Pending']);
      // Nothing bought, nothing flagged (decision 0032's columns).
      expect(row.slice(6)).toEqual(['', '', '', '']);
      expect(row[4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(text).toContain(`"Virgül, ""tırnak"" ${marker}"`);
  });

  it('has an Excel (TR) variant: BOM, semicolons, Turkish dates and labels', async () => {
    const marker = `xls${randomUUID().slice(0, 6)}`;
    const who = await customerWithFormation({
      businessName: `Şirket; ${marker}`,
      state: 'Delaware',
      paymentStatus: 'paid',
    });
    const at = new Date(Date.UTC(2026, 10, 23, 21, 5));
    await db()
      .update(companyFormations)
      .set({ createdAt: at, updatedAt: at, formationStatus: 'ein_created' })
      .where(eq(companyFormations.id, who.formationId));
    const res = await exportCsv({ q: marker, format: 'excel-tr' });
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="formations-${today}-tr.csv"`);
    // Response.text() drops a BOM: read the bytes themselves.
    const raw = await t.app.request(`http://localhost:3000${base}/export.csv?q=${marker}&format=excel-tr`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(res.body as string).toBe(text.slice(1));
    const rows = parseCsv(text.slice(1), ';');
    expect(rows[0]).toEqual([
      'Şirket Adı',
      'Kuruluş Durumu',
      'Eyalet',
      'Ödeme Durumu',
      'Oluşturulma Tarihi',
      'Güncellenme Tarihi',
      'Paket',
      'İş Adresi',
      'Ödeme Uyarısı',
      'Test Modu',
    ]);
    // 21:05 UTC is 00:05 the next day in Istanbul (UTC+3).
    expect(rows[1]).toEqual([
      `Şirket; ${marker}`,
      'EIN Başvurusu Yapıldı',
      'Delaware',
      'Ödendi',
      '24.11.2026 00:05',
      '24.11.2026 00:05',
      '',
      '',
      '',
      '',
    ]);
  });

  it('follows the filter: search, status and payment status', async () => {
    const marker = `exf${randomUUID().slice(0, 6)}`;
    await customerWithFormation({ businessName: `${marker} bekleyen` });
    await customerWithFormation({ businessName: `${marker} ödenen`, paymentStatus: 'paid' });
    const names = async (params: Record<string, string>) =>
      parseCsv((await exportCsv({ q: marker, ...params })).body as string)
        .slice(1)
        .map((r) => r[0])
        .sort();
    expect(await names({})).toEqual([`${marker} bekleyen`, `${marker} ödenen`]);
    expect(await names({ paymentStatus: 'paid' })).toEqual([`${marker} ödenen`]);
    expect(await names({ status: 'process_completed' })).toEqual([]);
  });

  it('streams every row of a large export exactly once, across pages and identical dates', async () => {
    const marker = `bulk${randomUUID().slice(0, 6)}`;
    const N = 2_500;
    const userRows = Array.from({ length: N }, (_, i) => ({
      id: `bulk-${marker}-${i}`,
      name: `Toplu ${i}`,
      email: `${marker}.${i}@example.com`,
    }));
    for (let i = 0; i < N; i += 500)
      await db()
        .insert(users)
        .values(userRows.slice(i, i + 500));
    // Four instants only, so that keyset pages must break ties by id; microseconds apart for some.
    const instants = [
      '2026-03-01 10:00:00+00',
      '2026-03-01 10:00:00.000001+00',
      '2026-03-01 10:00:00.000002+00',
      '2026-03-02 09:00:00+00',
    ];
    for (let i = 0; i < N; i += 500) {
      await db()
        .insert(companyFormations)
        .values(
          userRows.slice(i, i + 500).map((u, j) => ({
            userId: u.id,
            companyFormationPreference: 'self' as const,
            businessName: `${marker} ${String(i + j).padStart(4, '0')}`,
            createdAt: sql`${instants[(i + j) % 4]}::timestamptz`,
            updatedAt: sql`${instants[(i + j * 7) % 4]}::timestamptz`,
          })),
        );
    }
    const expected = userRows.map((_, i) => `${marker} ${String(i).padStart(4, '0')}`).sort();
    for (const sort of ['created_desc', 'created_asc', 'updated_asc']) {
      const rows = parseCsv((await exportCsv({ q: marker, sort })).body as string).slice(1);
      expect(rows, sort).toHaveLength(N);
      expect(rows.map((r) => r[0]).sort(), sort).toEqual(expected);
    }
    // The generator's own pages: 1000 + 1000 + 500, no row repeated at a page boundary.
    const sizes: number[] = [];
    const seen = new Set<string>();
    for await (const page of exportPages(db(), { q: marker, sort: 'created_asc' }, 1000)) {
      sizes.push(page.length);
      for (const row of page) seen.add(row.businessName as string);
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen.size).toBe(N);
    // And the list agrees on the total.
    expect((await list({ q: marker })).total).toBe(N);
  });
});

describe('CSV helpers', () => {
  it('quotes and neutralises cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-1,5')).toBe(`"'-1,5"`);
    expect(csvCell('\r=x')).toBe(`"'\r'=x"`);
  });

  it('names the file by date and writes Turkish dates', () => {
    const at = new Date(Date.UTC(2026, 10, 23, 8, 30));
    expect(exportFileName('formations', 'csv', '2026-11-23')).toBe('formations-2026-11-23.csv');
    expect(exportFileName('formations', 'excel-tr', '2026-11-23')).toBe('formations-2026-11-23-tr.csv');
    expect(turkishDate(at)).toBe('23.11.2026 11:30');
  });
});

describe('the total of a large result', () => {
  it('counts exactly up to COUNT_CAP, then says "at least" like every admin list and still pages', async () => {
    const marker = `cap${randomUUID().slice(0, 6)}`;
    const n = COUNT_CAP + 50;
    await db().execute(sql`insert into users (id, name, email)
      select ${marker} || '-' || g, 'Kalabalık ' || g, ${marker} || '.' || g || '@example.com'
      from generate_series(1, ${n}) g`);
    await db().execute(sql`insert into company_formations (user_id, company_formation_preference, business_name)
      select ${marker} || '-' || g, 'self', 'Kalabalık ' || ${marker} || ' ' || g from generate_series(1, ${n}) g`);
    const first = await list({ q: marker, pageSize: 100 });
    expect(first).toMatchObject({ total: COUNT_CAP, totalKind: 'atLeast' });
    expect(first.items).toHaveLength(100);
    const deep = await list({ q: marker, pageSize: 100, page: 101 });
    expect(deep.items).toHaveLength(50);
    // A narrower filter is exact again.
    const one = await list({ q: `${marker}.77@` });
    expect(one).toMatchObject({ total: 1, totalKind: 'exact' });
  });
});
