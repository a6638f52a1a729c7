import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { blob, type FormFile, HTML, PNG, pdf } from '../../../../tests/support/files';
import { signedInCustomer, signUpAdmin, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { createApp } from '../../app';
import { documents } from '../../db/schema';
import { UploadBudget } from '../../platform/uploads/upload-budget';
import { helpers } from '../ein/ein.fixtures';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const customer = () => signedInCustomer(t);

type NewDocument = typeof documents.$inferInsert;

async function addDocument(row: Omit<NewDocument, 'filePath'> & { at: string; stamp: number }) {
  const { at, stamp, ...rest } = row;
  const [inserted] = await t.deps.database.db
    .insert(documents)
    .values({ ...rest, filePath: `${rest.category}/${rest.userId}_${stamp}.pdf`, createdAt: new Date(at) })
    .returning();
  return inserted;
}

describe('GET /api/documents', () => {
  it("lists the caller's own documents newest first, with who uploaded each and its download URL", async () => {
    const me = await customer();
    const other = await customer();
    const oldest = await addDocument({
      userId: me.id,
      fileName: 'articles.pdf',
      category: 'articles_of_org',
      uploadedBy: 'user',
      contentType: 'application/pdf',
      fileSize: '2048',
      at: '2025-01-01T10:00:00.000Z',
      stamp: 1,
    });
    const newest = await addDocument({
      userId: me.id,
      fileName: 'EIN letter.pdf',
      category: 'ein',
      uploadedBy: 'admin',
      contentType: 'application/pdf',
      fileSize: '99',
      at: '2025-03-01T10:00:00.000Z',
      stamp: 3,
    });
    const middle = await addDocument({
      userId: me.id,
      fileName: 'legacy.pdf',
      category: 'other',
      uploadedBy: 'user',
      contentType: null,
      fileSize: null,
      at: '2025-02-01T10:00:00.000Z',
      stamp: 2,
    });
    await addDocument({
      userId: other.id,
      fileName: 'not yours.pdf',
      category: 'ss4',
      uploadedBy: 'user',
      contentType: 'application/pdf',
      fileSize: '10',
      at: '2025-04-01T10:00:00.000Z',
      stamp: 4,
    });

    const res = await me.c.get('/api/documents');
    expect(res.status).toBe(200);
    expect(res.body.documents.map((d: { id: string }) => d.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(res.body.documents[0]).toEqual({
      id: newest.id,
      fileName: 'EIN letter.pdf',
      category: 'ein',
      uploadedBy: 'admin',
      contentType: 'application/pdf',
      fileSize: 99,
      holdsTaxId: false,
      url: `/api/files/ein/${me.id}_3.pdf`,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    expect(res.body.documents[1]).toMatchObject({ uploadedBy: 'user', contentType: null, fileSize: null });
    expect(res.body.documents[2]).toMatchObject({ url: `/api/files/articles_of_org/${me.id}_1.pdf`, fileSize: 2048 });

    const theirs = await other.c.get('/api/documents');
    expect(theirs.body.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['not yours.pdf']);
  });

  it('answers an empty list to a user with no documents', async () => {
    const { c } = await customer();
    const res = await c.get('/api/documents');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ documents: [] });
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.client().get('/api/documents');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

const { documentsOf, auditOf, storedFilesOf } = helpers(() => t);

/** A JPEG as far as the server can tell: its signature, then filler. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF jpeg body')]);
const LIMIT = 5_242_880;

/** A real PDF padded to exactly `size` bytes. */
function pdfOfSize(size: number): Buffer {
  const head = pdf('sized');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

function uploadForm(category: string | undefined, file: FormFile | null): FormData {
  const form = new FormData();
  if (category !== undefined) form.append('category', category);
  if (file) form.append('file', blob(file.data, file.type), file.name);
  return form;
}

/** The raw response, to compare bytes (the test client reads non-JSON bodies as text). */
async function download(c: TestClient, url: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.request(`http://localhost:3000${url}`, { headers: cookie ? { cookie } : {} });
}

describe('POST /api/documents', () => {
  it.each([
    [
      'a PDF',
      'articles_of_org',
      { data: pdf('articles'), type: 'application/pdf', name: 'Kuruluş belgesi.pdf' },
      'pdf',
    ],
    ['a JPG', 'other', { data: JPEG, type: 'image/jpeg', name: 'photo.jpeg' }, 'jpg'],
    ['a PNG', 'business_license', { data: PNG, type: 'image/png', name: 'license.png' }, 'png'],
  ] as const)(
    'stores %s under its category, with its row and an audit entry, and serves it back',
    async (_, category, file, ext) => {
      const me = await customer();
      const res = await me.c.post('/api/documents', uploadForm(category, file));
      expect(res.status).toBe(201);
      expect(res.body.document).toMatchObject({
        fileName: file.name,
        category,
        uploadedBy: 'user',
        contentType: file.type,
        fileSize: file.data.length,
      });
      expect(res.body.document.url).toMatch(new RegExp(`^/api/files/${category}/${me.id}_\\d+\\.${ext}$`));

      const rows = await documentsOf(me.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: res.body.document.id, uploadedBy: 'user', category, fileName: file.name });
      expect(storedFilesOf(me.id)).toEqual([rows[0].filePath]);
      const audit = await auditOf(me.id, 'document.uploaded');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: me.id, actorRole: 'customer', entityId: rows[0].id });

      const listed = await me.c.get('/api/documents');
      expect(listed.body.documents).toEqual([res.body.document]);
      const got = await download(me.c, res.body.document.url);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(file.data)).toBe(true);
    },
  );

  it('accepts a file of exactly 5,242,880 bytes', async () => {
    const me = await customer();
    const res = await me.c.post(
      '/api/documents',
      uploadForm('other', { data: pdfOfSize(LIMIT), type: 'application/pdf', name: 'exact.pdf' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.document.fileSize).toBe(LIMIT);
    expect(storedFilesOf(me.id)).toHaveLength(1);
  });

  it("refuses 5,242,881 bytes with 413 and the spec's words, storing nothing", async () => {
    const me = await customer();
    const res = await me.c.post(
      '/api/documents',
      uploadForm('other', { data: pdfOfSize(LIMIT + 1), type: 'application/pdf', name: 'big.pdf' }),
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('FILE_SIZE_LIMIT');
    expect(res.body.error.message).toBe('File size must be less than 5MB');
    expect(await documentsOf(me.id)).toEqual([]);
    expect(storedFilesOf(me.id)).toEqual([]);
    expect(await auditOf(me.id, 'document.uploaded')).toEqual([]);
  });

  it('refuses an HTML file named .pdf with 415 UNSUPPORTED_FILE_TYPE, storing nothing', async () => {
    const me = await customer();
    const res = await me.c.post(
      '/api/documents',
      uploadForm('ein', { data: HTML, type: 'application/pdf', name: 'letter.pdf' }),
    );
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(await documentsOf(me.id)).toEqual([]);
    expect(storedFilesOf(me.id)).toEqual([]);
  });

  it.each([
    ['an unknown', 'passport'],
    ['a missing', undefined],
    ['an empty', ''],
  ])('answers 400 naming `category` for %s category, storing nothing', async (_, category) => {
    const me = await customer();
    const res = await me.c.post(
      '/api/documents',
      uploadForm(category, { data: PNG, type: 'image/png', name: 'x.png' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields).toEqual({ category: 'validation.documentCategoryRequired' });
    expect(await documentsOf(me.id)).toEqual([]);
    expect(storedFilesOf(me.id)).toEqual([]);
  });

  it('answers 400 naming `file` when no file came', async () => {
    const me = await customer();
    const res = await me.c.post('/api/documents', uploadForm('other', null));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ file: 'validation.fileRequired' });
  });

  it('answers 400 to a body that is not multipart', async () => {
    const me = await customer();
    const res = await me.c.post('/api/documents', { category: 'other' });
    expect(res.status).toBe(400);
    expect(await documentsOf(me.id)).toEqual([]);
  });

  it("keeps an upload private: another customer's download is 404 and their list stays empty", async () => {
    const me = await customer();
    const other = await customer();
    const res = await me.c.post(
      '/api/documents',
      uploadForm('business_license', { data: PNG, type: 'image/png', name: 'license.png' }),
    );
    expect(res.status).toBe(201);
    const theirs = await download(other.c, res.body.document.url);
    expect(theirs.status).toBe(404);
    expect((await other.c.get('/api/documents')).body.documents).toEqual([]);
  });

  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = await t.deps.database.db.select().from(documents);
    const res = await t
      .client()
      .post('/api/documents', uploadForm('other', { data: PNG, type: 'image/png', name: 'x.png' }));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    expect(await t.deps.database.db.select().from(documents)).toHaveLength(before.length);
  });

  it('answers 403 to an admin: admins upload for a customer from the admin pages', async () => {
    const admin = t.client();
    const { res: signedUp } = await signUpAdmin(admin);
    expect(signedUp.status).toBe(201);
    const res = await admin.post(
      '/api/documents',
      uploadForm('other', { data: PNG, type: 'image/png', name: 'x.png' }),
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });
});

describe('POST /api/documents under the upload budget', () => {
  // The app with a budget of a few bytes, so one reservation held by the test fills it.
  const budget = new UploadBudget({ totalBytes: 1000, perUserBytes: 1000, maxWaitMs: 150 });
  const tightApp = () => createApp({ ...t.deps, uploadBudget: budget }, { serveWeb: false });

  async function upload(app: ReturnType<typeof tightApp>, me: Awaited<ReturnType<typeof customer>>) {
    const res = await app.request('http://localhost:3000/api/documents', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        cookie: [...me.c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'accept-language': 'en',
      },
      body: uploadForm('other', { data: pdf('budget'), type: 'application/pdf', name: 'b.pdf' }),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  }

  it('refuses an upload that waited too long with UPLOADS_BUSY and Retry-After, storing nothing', async () => {
    const me = await customer();
    const app = tightApp();
    const hold = await budget.acquire('someone else', 1000);
    try {
      const res = await upload(app, me);
      expect(res.status).toBe(503);
      expect(res.retryAfter).toBe('5');
      expect(res.body.error.code).toBe('UPLOADS_BUSY');
      expect(res.body.error.message).toMatch(/^Şu anda çok sayıda dosya|^Many files are being uploaded/);
      expect(await documentsOf(me.id)).toEqual([]);
      expect(storedFilesOf(me.id)).toEqual([]);
    } finally {
      hold?.();
    }
  });

  it('stores a queued upload once room frees up, and gives its room back afterwards', async () => {
    const me = await customer();
    const app = tightApp();
    const hold = await budget.acquire('someone else', 1000);
    const pending = upload(app, me);
    // The request reaches the budget after its session check and body parsing: wait for it to queue.
    await expect.poll(() => budget.waiting, { timeout: 10_000 }).toBe(1);
    hold?.();
    const res = await pending;
    expect(res.status).toBe(201);
    expect(await documentsOf(me.id)).toHaveLength(1);
    expect(budget.held).toBe(0);
  });
});
