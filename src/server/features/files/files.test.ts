import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  enrolSignedIn,
  signedInCustomer,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { documents, users } from '../../db/schema';
import { putNewFile } from '../../platform/storage/put-new-file';
import { ATTACHMENT, supportForm } from '../support/support.fixtures';
import { contentDisposition } from './files.routes';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const customer = () => signedInCustomer(t);

/** A stored file plus its documents row, as an upload would leave them. */
async function storedDocument(
  userId: string,
  fileName: string,
  data: Uint8Array,
  uploadedBy: 'user' | 'admin' = 'user',
  folder: 'articles_of_org' | 'ss4' = 'articles_of_org',
) {
  const key = await putNewFile(t.deps.storage, {
    folder,
    userId,
    kind: 'pdf',
    data,
    contentType: 'application/pdf',
  });
  await t.deps.database.db.insert(documents).values({
    userId,
    fileName,
    filePath: key,
    category: folder,
    uploadedBy,
    contentType: 'application/pdf',
    fileSize: String(data.length),
    // As every SS-4 writer marks it (decision 0066).
    holdsTaxId: folder === 'ss4',
  });
  return key;
}

/** The raw response, to compare bytes (the test client reads non-JSON bodies as text). */
async function download(c: TestClient, url: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.request(`http://localhost:3000${url}`, { headers: cookie ? { cookie } : {} });
}

const BYTES = new Uint8Array(
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 255, 128, 10, 13]), Buffer.alloc(70_000, 7)]),
);

describe('GET /api/files/{folder}/{name}', () => {
  let owner: { c: TestClient; id: string };
  let key: string;
  beforeAll(async () => {
    owner = await customer();
    key = await storedDocument(owner.id, 'Şirket sözleşmesi "son".pdf', BYTES);
  });

  it('gives the owner the exact bytes as a private attachment', async () => {
    const res = await download(owner.c, `/api/files/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(BYTES))).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(BYTES.length));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Şirket sözleşmesi "son".pdf')}`);
    expect(disposition).toContain('filename="_irket s_zle_mesi _son_.pdf"');
  });

  it('stores an SS-4 encrypted and downloads it as the original bytes, never cached', async () => {
    const ss4 = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\nSSN 123-45-6789\n'), Buffer.alloc(100_003, 9)]));
    const ss4Key = await storedDocument(owner.id, 'SS-4.pdf', ss4, 'user', 'ss4');
    const onDisk = await fs.readFile(path.join(t.deps.env.DATA_DIR, 'files', ...ss4Key.split('/')));
    expect(onDisk.includes('123-45-6789')).toBe(false);

    const res = await download(owner.c, `/api/files/${ss4Key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-length')).toBe(String(ss4.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(ss4))).toBe(true);
  });

  it('never completes the download of an SS-4 file that was altered in storage', async () => {
    const ss4Key = await storedDocument(owner.id, 'SS-4.pdf', BYTES, 'user', 'ss4');
    const file = path.join(t.deps.env.DATA_DIR, 'files', ...ss4Key.split('/'));
    const raw = await fs.readFile(file);
    raw[raw.length - 1] ^= 0x01;
    await fs.writeFile(file, raw);

    const res = await download(owner.c, `/api/files/${ss4Key}`);
    // The headers went out before the tag at the end could be checked; the body then fails.
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('lets an owner download any customer file', async () => {
    const admin = t.client();
    expect((await signUpAdmin(admin)).res.status).toBe(201);
    const res = await download(admin, `/api/files/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(BYTES))).toBe(true);
  });

  it.each([
    // role, a customer document, an SS-4 (it carries the SSN), a support attachment
    ['operations', 200, 200, 403],
    ['support', 200, 403, 200],
    ['finance', 403, 403, 403],
  ] as const)(
    'lets %s staff download by permission (documents.read, ein.ssn, support.read)',
    async (role, doc, ss4, att) => {
      const staff = await customer();
      await t.deps.database.db.update(users).set({ role }).where(eq(users.id, staff.id));
      // Staff reach others' files only with a second factor (decision 0042).
      await enrolSignedIn(staff.c);
      const ss4Key = await storedDocument(owner.id, 'SS-4.pdf', BYTES, 'admin', 'ss4');
      const thread = await owner.c.post(
        '/api/support/threads',
        supportForm({ subject: 'Ek', message: 'Ek' }, ATTACHMENT),
      );
      expect(thread.status).toBe(201);
      const attachmentUrl = (await owner.c.get(`/api/support/threads/${thread.body.thread.id}`)).body.messages[0]
        .attachments[0].url as string;
      const statuses = [];
      for (const url of [`/api/files/${key}`, `/api/files/${ss4Key}`, attachmentUrl]) {
        statuses.push((await download(staff.c, url)).status);
      }
      expect(statuses).toEqual([doc, ss4, att]);
      // Refused staff learn which permission is missing, not that the file is gone.
      if (doc === 403) expect((await staff.c.get(`/api/files/${key}`)).body.error.code).toBe('FORBIDDEN');
      // The customer keeps their own files whatever staff may do.
      expect((await download(owner.c, `/api/files/${ss4Key}`)).status).toBe(200);
      expect((await download(owner.c, attachmentUrl)).status).toBe(200);
    },
  );

  it('answers 404 to another customer, as if the file did not exist', async () => {
    const other = await customer();
    const res = await other.c.get(`/api/files/${key}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.client().get(`/api/files/${key}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 for an unknown key, and for a row whose file is gone', async () => {
    expect((await owner.c.get(`/api/files/articles_of_org/${owner.id}_1.pdf`)).status).toBe(404);
    const gone = await storedDocument(owner.id, 'gone.pdf', BYTES);
    await t.deps.storage.delete(gone);
    expect((await owner.c.get(`/api/files/${gone}`)).status).toBe(404);
  });

  it('answers 404 for a stored file that has no documents row', async () => {
    const orphan = await putNewFile(t.deps.storage, {
      folder: 'ss4',
      userId: owner.id,
      kind: 'pdf',
      data: BYTES,
      contentType: 'application/pdf',
    });
    expect((await owner.c.get(`/api/files/${orphan}`)).status).toBe(404);
  });

  it.each([
    '/api/files/..%2F..%2Fetc/passwd',
    '/api/files/..%2F..%2Fsecrets/auth-secret',
    '/api/files/articles_of_org/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/files/%2E%2E/%2E%2E',
    '/api/files/articles_of_org',
  ])('answers %s with 404, never 500', async (url) => {
    const res = await owner.c.get(url);
    expect(res.status).toBe(404);
  });
});

describe('contentDisposition', () => {
  it('keeps plain names readable in both parameters', () => {
    expect(contentDisposition('invoice (1).pdf')).toBe(
      `attachment; filename="invoice (1).pdf"; filename*=UTF-8''invoice%20%281%29.pdf`,
    );
  });
});
