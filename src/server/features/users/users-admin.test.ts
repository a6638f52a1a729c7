import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { blob, type FormFile, HTML, PNG, pdf } from '../../../../tests/support/files';
import { signUp, type TestApp, type TestClient, uniqueEmail } from '../../../../tests/support/test-app';
import { COUNT_CAP } from '../../db/list-total';
import { userProfiles, users } from '../../db/schema';
import { helpers } from '../ein/ein.fixtures';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
let adminId: string;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
  adminId = owner.id;
});

const { db, documentsOf, auditOf, storedFilesOf } = helpers(() => t);
const base = '/api/admin/users';
const LIMIT = 5_242_880;
const LICENSE: FormFile = { data: pdf('license'), type: 'application/pdf', name: 'İşletme ruhsatı.pdf' };

async function customer(overrides: Record<string, unknown> = {}) {
  const c = t.client();
  const { res, email } = await signUp(c, overrides);
  expect(res.status).toBe(201);
  return { c, id: res.body.user.id as string, email };
}

function uploadForm(category: string | undefined, file: FormFile | null): FormData {
  const form = new FormData();
  if (category !== undefined) form.append('category', category);
  if (file) form.append('file', blob(file.data, file.type), file.name);
  return form;
}

function pdfOfSize(size: number): Buffer {
  const head = pdf('sized');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

async function search(q: string, extra = '') {
  const res = await admin.get(`${base}?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return res.body as { items: Array<{ id: string; displayName: string | null }>; total: number };
}

describe('GET /api/admin/users', () => {
  it("folds Turkish letters: 'sirket' finds 'Şirket Sahibi' and 'istanbul' finds 'İSTANBUL'", async () => {
    const owner = await customer({ fullName: 'Şirket Sahibi Qzvx' });
    const city = await customer({ fullName: 'İSTANBUL Temsilcisi Qzvx' });
    const s = await search('sirket sahibi qzvx');
    expect(s.items.map((i) => i.id)).toEqual([owner.id]);
    expect(s.items[0].displayName).toBe('Şirket Sahibi Qzvx');
    expect((await search('istanbul temsil')).items.map((i) => i.id)).toEqual([city.id]);
    // The other direction too: what the admin types with Turkish letters finds the plain spelling.
    expect((await search('ŞİRKET')).items.map((i) => i.id)).toContain(owner.id);
  });

  it('finds by email, by display name and by the exact id; a LIKE wildcard is a literal', async () => {
    const email = uniqueEmail('bul.beni');
    const who = await customer({ email });
    expect((await search(email.toUpperCase())).items.map((i) => i.id)).toEqual([who.id]);
    expect((await search(who.id)).items.map((i) => i.id)).toEqual([who.id]);
    expect((await admin.patch(`${base}/${who.id}`, { displayName: 'Görünen Ad Kpqw' })).status).toBe(200);
    expect((await search('gorunen ad kpqw')).items.map((i) => i.id)).toEqual([who.id]);
    expect((await search('%')).total).toBe(0);
  });

  it('lists customers and staff with their role, joined date and display name', async () => {
    const res = await admin.get(`${base}?pageSize=100`);
    expect(res.status).toBe(200);
    const me = res.body.items.find((i: { id: string }) => i.id === adminId);
    expect(me).toMatchObject({ role: 'owner', displayName: 'Admin Kişi' });
    expect(Number.isNaN(Date.parse(me.joinedAt))).toBe(false);
    expect(Object.keys(me).sort()).toEqual(['displayName', 'email', 'id', 'joinedAt', 'role']);
  });

  it('answers null for a user with no name at all (the page shows No Name)', async () => {
    const who = await customer();
    await db().update(users).set({ name: '' }).where(eq(users.id, who.id));
    await db().update(userProfiles).set({ displayName: null }).where(eq(userProfiles.id, who.id));
    const res = await admin.get(`${base}/${who.id}`);
    expect(res.body.user.displayName).toBeNull();
  });

  it('sorts by joined date both ways and pages with a total', async () => {
    const tag = 'Sıralama Mxqj';
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await customer({ fullName: `${tag} ${i}` })).id);
    const newest = await search('siralama mxqj', '&sort=newest');
    expect(newest.items.map((i) => i.id)).toEqual([...made].reverse());
    const oldest = await search('siralama mxqj', '&sort=oldest');
    expect(oldest.items.map((i) => i.id)).toEqual(made);

    const page1 = await search('siralama mxqj', '&sort=oldest&page=1&pageSize=2');
    const page2 = await search('siralama mxqj', '&sort=oldest&page=2&pageSize=2');
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual(made);
  });

  it("filters by the UTC days joined, both included, and customers only, as the home's sign-ups count", async () => {
    const a = await customer({ fullName: 'Katılım Zqxw Bir' });
    const b = await customer({ fullName: 'Katılım Zqxw İki' });
    await db()
      .update(users)
      .set({ createdAt: new Date('2024-02-03T23:59:00Z') })
      .where(eq(users.id, a.id));
    await db()
      .update(users)
      .set({ createdAt: new Date('2024-02-04T00:00:00Z') })
      .where(eq(users.id, b.id));
    await db()
      .update(users)
      .set({ createdAt: new Date('2024-02-03T12:00:00Z') })
      .where(eq(users.id, adminId));
    const ids = async (query: string) => {
      const res = await admin.get(`${base}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((i: { id: string }) => i.id);
    };
    expect(await ids('joinedFrom=2024-02-03&joinedTo=2024-02-03')).toEqual([a.id, adminId]);
    expect(await ids('joinedFrom=2024-02-03&joinedTo=2024-02-03&customers=1')).toEqual([a.id]);
    expect(await ids('joinedFrom=2024-02-01&joinedTo=2024-02-04&customers=1&sort=oldest')).toEqual([a.id, b.id]);
    // With a search too: the matches of the period only.
    expect(await ids(`q=${encodeURIComponent('katilim zqxw')}&joinedFrom=2024-02-04`)).toEqual([b.id]);
    const counted = await admin.get(`${base}?joinedFrom=2024-02-01&joinedTo=2024-02-04&customers=1`);
    expect(counted.body).toMatchObject({ total: 2, totalKind: 'exact' });
    expect((await admin.get(`${base}?joinedFrom=2024-02-05&joinedTo=2024-02-04`)).status).toBe(400);
    expect((await admin.get(`${base}?customers=yes`)).status).toBe(400);
  });

  it('says "at least" the cap for a search matching more, and still pages it in order', async () => {
    const marker = `kalabalik${randomUUID().slice(0, 6)}`;
    const n = COUNT_CAP + 30;
    await db().execute(sql`insert into users (id, name, email, created_at)
      select ${marker} || '-' || g, 'Kalabalık ' || g, ${marker} || '.' || g || '@example.com',
             timestamptz '2020-01-01' + g * interval '1 second'
      from generate_series(1, ${n}) g`);
    const res = await admin.get(`${base}?q=${marker}&sort=oldest&pageSize=100&page=101`);
    expect(res.body).toMatchObject({ total: COUNT_CAP, totalKind: 'atLeast' });
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => `${marker}-${COUNT_CAP + 1 + i}`),
    );
    // One more letter names one account: exact again.
    const one = await search(`${marker}.77@`);
    expect(one).toMatchObject({ total: 1, totalKind: 'exact' });
    // Ten thousand rows through the trigram indexes: seconds on PGlite when quiet, 31 s on a loaded host.
  }, 120_000);

  it.each(['pageSize=101', 'pageSize=0', 'page=0', 'sort=sideways'])('refuses %s with 400', async (query) => {
    const res = await admin.get(`${base}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('shows the formation preference and status and the UTM fields, null where there are none', async () => {
    const who = await customer({ utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'bahar' });
    const before = await admin.get(`${base}/${who.id}`);
    expect(before.status).toBe(200);
    expect(before.body.user).toMatchObject({
      id: who.id,
      email: who.email,
      role: 'customer',
      formationPreference: null,
      formationStatus: null,
      paymentStatus: null,
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'bahar',
      documents: [],
    });
    expect((await who.c.post('/api/formations', { formationType: 'self' })).status).toBe(201);
    const after = await admin.get(`${base}/${who.id}`);
    expect(after.body.user).toMatchObject({
      formationPreference: 'self',
      formationStatus: 'preparation',
      paymentStatus: 'pending',
    });

    const plain = await customer();
    const res = await admin.get(`${base}/${plain.id}`);
    expect(res.body.user).toMatchObject({ utmSource: null, utmMedium: null, utmCampaign: null });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await admin.get(`${base}/no-such-user`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('changes the display name, audits before and after, and leaves the email as it was', async () => {
    const who = await customer({ fullName: 'Eski Ad' });
    const res = await admin.patch(`${base}/${who.id}`, { displayName: '  Yeni Görünen Ad  ', email: 'x@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: who.id, displayName: 'Yeni Görünen Ad', email: who.email });
    const [user] = await db().select().from(users).where(eq(users.id, who.id));
    expect(user.email).toBe(who.email);
    expect(user.name).toBe('Eski Ad');
    const audit = await auditOf(who.id, 'user.display_name_changed');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      actorRole: 'admin',
      entityType: 'user',
      entityId: who.id,
      before: { displayName: 'Eski Ad' },
      after: { displayName: 'Yeni Görünen Ad' },
    });
  });

  it('creates the profile of an account that has none', async () => {
    const who = await customer();
    await db().delete(userProfiles).where(eq(userProfiles.id, who.id));
    const res = await admin.patch(`${base}/${who.id}`, { displayName: 'Profilsiz' });
    expect(res.status).toBe(200);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, who.id));
    expect(profile).toMatchObject({ email: who.email, displayName: 'Profilsiz' });
    expect((await auditOf(who.id, 'user.display_name_changed'))[0].before).toEqual({ displayName: null });
  });

  it.each([
    ['blank', { displayName: '   ' }, 'validation.nameRequired'],
    ['missing', {}, 'validation.nameRequired'],
    ['too long', { displayName: 'a'.repeat(121) }, 'validation.tooLong'],
  ])('refuses a %s name with 400 and changes nothing', async (_, body, rule) => {
    const who = await customer({ fullName: 'Aynı Kalır' });
    const res = await admin.patch(`${base}/${who.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ displayName: rule });
    expect((await admin.get(`${base}/${who.id}`)).body.user.displayName).toBe('Aynı Kalır');
    expect(await auditOf(who.id, 'user.display_name_changed')).toEqual([]);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await admin.patch(`${base}/no-such-user`, { displayName: 'Kimse' });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/admin/users/{id}/documents', () => {
  it('stores the file for the user as uploaded by admin; the customer sees it in their own documents', async () => {
    const who = await customer();
    const res = await admin.post(`${base}/${who.id}/documents`, uploadForm('business_license', LICENSE));
    expect(res.status).toBe(201);
    expect(res.body.document).toMatchObject({
      fileName: LICENSE.name,
      category: 'business_license',
      uploadedBy: 'admin',
      contentType: 'application/pdf',
      fileSize: LICENSE.data.length,
    });
    expect(res.body.document.url).toMatch(new RegExp(`^/api/files/business_license/${who.id}_\\d+\\.pdf$`));
    const rows = await documentsOf(who.id);
    expect(rows).toHaveLength(1);
    expect(storedFilesOf(who.id)).toEqual([rows[0].filePath]);
    const audit = await auditOf(who.id, 'document.uploaded');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, actorRole: 'admin', entityId: rows[0].id });

    const mine = await who.c.get('/api/documents');
    expect(mine.body.documents).toEqual([res.body.document]);
    const got = await who.c.get(res.body.document.url);
    expect(got.status).toBe(200);
    expect((await admin.get(`${base}/${who.id}`)).body.user.documents).toEqual([res.body.document]);
  });

  it('accepts a PNG', async () => {
    const who = await customer();
    const res = await admin.post(
      `${base}/${who.id}/documents`,
      uploadForm('other', { data: PNG, type: 'image/png', name: 'x.png' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.document.url).toMatch(/\.png$/);
  });

  it("refuses an HTML file named .pdf with 415 and the spec's words, storing nothing", async () => {
    const who = await customer();
    const res = await admin.post(
      `${base}/${who.id}/documents`,
      uploadForm('ein', { data: HTML, type: 'application/pdf', name: 'letter.pdf' }),
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(res.body.error.message).toBe('Only PDF, JPG, and PNG files are allowed');
    expect(await documentsOf(who.id)).toEqual([]);
    expect(storedFilesOf(who.id)).toEqual([]);
    expect(await auditOf(who.id, 'document.uploaded')).toEqual([]);
  });

  it("refuses 5,242,881 bytes with 413 and the spec's words, storing nothing", async () => {
    const who = await customer();
    const res = await admin.post(
      `${base}/${who.id}/documents`,
      uploadForm('other', { data: pdfOfSize(LIMIT + 1), type: 'application/pdf', name: 'big.pdf' }),
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('FILE_SIZE_LIMIT');
    expect(res.body.error.message).toBe('File size must be less than 5MB');
    expect(await documentsOf(who.id)).toEqual([]);
    expect(storedFilesOf(who.id)).toEqual([]);
  });

  it('accepts exactly 5,242,880 bytes', async () => {
    const who = await customer();
    const res = await admin.post(
      `${base}/${who.id}/documents`,
      uploadForm('other', { data: pdfOfSize(LIMIT), type: 'application/pdf', name: 'exact.pdf' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.document.fileSize).toBe(LIMIT);
  });

  it('answers 400 naming the category or the file when one is missing or wrong', async () => {
    const who = await customer();
    const bad = await admin.post(`${base}/${who.id}/documents`, uploadForm('passport', LICENSE));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ category: 'validation.documentCategoryRequired' });
    const none = await admin.post(`${base}/${who.id}/documents`, uploadForm('other', null));
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ file: 'validation.fileRequired' });
    expect(storedFilesOf(who.id)).toEqual([]);
  });

  it('answers 404 for an unknown user, storing nothing', async () => {
    const before = storedFilesOf('no-such-user');
    const res = await admin.post(`${base}/no-such-user/documents`, uploadForm('other', LICENSE));
    expect(res.status).toBe(404);
    expect(storedFilesOf('no-such-user')).toEqual(before);
  });
});
