import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTestWith } from '../../../../tests/support/api-test';
import { createTestApp, signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { mailOutbox, supportThreads } from '../../db/schema';
import { ATTACHMENT, DISGUISED, IMAGE, supportForm, supportHelpers, TOO_LARGE } from './support.fixtures';

const STAFF = 'destek@example.com';
const test = apiTestWith({ SUPPORT_NOTIFY_EMAIL: STAFF });
let t: TestApp;
let admin: TestClient;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});

const h = supportHelpers(() => t);
const base = '/api/support/threads';

async function newThread(c: TestClient, fields: Record<string, string | undefined> = {}, file?: typeof ATTACHMENT) {
  const res = await c.post(
    base,
    supportForm({ subject: 'Banka hesabı', message: 'Merhaba, bir sorum var.', ...fields }, file),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.thread as { id: string; status: string; lastMessageAt: string };
}

async function setStatus(id: string, status: string) {
  expect((await admin.request('PUT', `/api/admin/support/threads/${id}/status`, { status })).status).toBe(200);
}

async function staffReply(id: string, message = 'Ekibimizden yanıt') {
  const res = await admin.post(`/api/admin/support/threads/${id}/messages`, supportForm({ message }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('customer support routes: who may call them', () => {
  it("answers 404 for another customer's thread on every route, and leaks nothing", async () => {
    const owner = await signedInCustomer(t);
    const other = await signedInCustomer(t);
    const thread = await newThread(owner.c, { subject: 'Gizli konu B', message: 'Gizli mesaj B' }, ATTACHMENT);
    const before = await h.threadRow(thread.id);
    const read = await other.c.get(`${base}/${thread.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe('NOT_FOUND');
    const write = await other.c.post(`${base}/${thread.id}/messages`, supportForm({ message: 'hi' }, ATTACHMENT));
    expect(write.status).toBe(404);
    const list = await other.c.get(base);
    expect(list.body.threads).toEqual([]);
    expect(JSON.stringify([read.body, write.body, list.body])).not.toContain('Gizli');
    // Nor through the download route.
    const [attachment] = await h.attachmentsOf(thread.id);
    expect((await other.c.get(`/api/files/${attachment.filePath}`)).status).toBe(404);
    expect(await h.threadRow(thread.id)).toEqual(before);
    expect(await h.messagesOf(thread.id)).toHaveLength(1);
    expect(h.supportFiles().filter((k) => k.includes(other.id))).toEqual([]);
  });

  it('answers 404 for malformed and unknown ids', async () => {
    const { c } = await signedInCustomer(t);
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      expect((await c.get(`${base}/${encodeURIComponent(id)}`)).status).toBe(404);
      expect((await c.post(`${base}/${encodeURIComponent(id)}/messages`, supportForm({ message: 'x' }))).status).toBe(
        404,
      );
    }
  });

  it('does not let an admin open a thread for themselves on the customer route, nor read others here', async () => {
    const { c } = await signedInCustomer(t);
    const thread = await newThread(c);
    const res = await admin.post(base, supportForm({ subject: 'x' }));
    expect(res.status).toBe(403);
    expect((await admin.get(`${base}/${thread.id}`)).status).toBe(404);
    expect((await admin.get(base)).body.threads).toEqual([]);
  });
});

describe('creating a thread', () => {
  it("requires a subject: 'Please enter a subject for your support request'", async () => {
    const { c, id } = await signedInCustomer(t);
    for (const fields of [{}, { subject: '' }, { subject: '   \n ' }]) {
      const res = await c.post(`${base}?lang=en`, supportForm({ message: 'text', ...fields }));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ subject: 'validation.supportSubjectRequired' });
    }
    const rows = await t.deps.database.db.select().from(supportThreads).where(eq(supportThreads.userId, id));
    expect(rows).toEqual([]);
  });

  it('opens with a subject alone: open, no messages, and the staff are mailed', async () => {
    const { c } = await signedInCustomer(t);
    const res = await c.post(base, supportForm({ subject: '  LLC adı  ' }));
    expect(res.status).toBe(201);
    expect(res.body.thread).toMatchObject({ subject: 'LLC adı', status: 'open' });
    expect(res.body.messages).toEqual([]);
    const staff = await h.mailsTo(STAFF, 'supportNewThread');
    expect(staff.some((m) => m.text.includes(`/admin/support?thread=${res.body.thread.id}`))).toBe(true);
  });

  it('stores the first message with its attachment; the owner and admins can download it', async () => {
    const { c } = await signedInCustomer(t);
    const res = await c.post(base, supportForm({ subject: 'Fatura', message: 'Ekteki fatura' }, ATTACHMENT));
    expect(res.status).toBe(201);
    const [message] = res.body.messages;
    expect(message).toMatchObject({ message: 'Ekteki fatura', isAdminReply: false });
    expect(message.attachments).toHaveLength(1);
    const att = message.attachments[0];
    expect(att).toMatchObject({
      fileName: 'Fatura örneği.pdf',
      fileSize: ATTACHMENT.data.length,
      contentType: 'application/pdf',
    });
    expect(att.url).toMatch(/^\/api\/files\/support\/[A-Za-z0-9-]+_\d+\.pdf$/);
    expect(res.body.thread.lastMessageAt).toBe(message.createdAt);

    const own = await c.get(att.url);
    expect(own.status).toBe(200);
    expect(Buffer.from(own.body as string)).toEqual(ATTACHMENT.data);
    expect(own.headers.get('content-disposition')).toContain("filename*=UTF-8''Fatura%20%C3%B6rne%C4%9Fi.pdf");
    expect((await admin.get(att.url)).status).toBe(200);
    expect((await t.client().get(att.url)).status).toBe(401);
  });

  it('refuses an attachment without a message, storing nothing', async () => {
    const { c, id } = await signedInCustomer(t);
    const res = await c.post(base, supportForm({ subject: 'Ek' }, IMAGE));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ message: 'validation.supportMessageRequired' });
    expect(h.supportFiles().filter((k) => k.includes(id))).toEqual([]);
  });

  it.each([
    ['413 FILE_SIZE_LIMIT', TOO_LARGE, 413, 'FILE_SIZE_LIMIT'],
    ['415 UNSUPPORTED_FILE_TYPE', DISGUISED, 415, 'UNSUPPORTED_FILE_TYPE'],
  ] as const)('refuses a bad attachment (%s) without creating the thread', async (_, file, status, code) => {
    const { c, id } = await signedInCustomer(t);
    const res = await c.post(`${base}?lang=en`, supportForm({ subject: 'Ek', message: 'ek' }, file));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (code === 'FILE_SIZE_LIMIT') expect(res.body.error.message).toBe('File size must be less than 5MB');
    const rows = await t.deps.database.db.select().from(supportThreads).where(eq(supportThreads.userId, id));
    expect(rows).toEqual([]);
    expect(h.supportFiles().filter((k) => k.includes(id))).toEqual([]);
  });
});

describe('listing and reading own threads', () => {
  it('lists only own threads, newest last message first, and shows messages oldest first', async () => {
    const { c } = await signedInCustomer(t);
    const first = await newThread(c, { subject: 'Birinci' });
    const second = await newThread(c, { subject: 'İkinci' });
    let list = await c.get(base);
    expect(list.body.threads.map((x: { subject: string }) => x.subject)).toEqual(['İkinci', 'Birinci']);
    // A reply to the older thread moves it to the top.
    expect((await c.post(`${base}/${first.id}/messages`, supportForm({ message: 'ikinci mesaj' }))).status).toBe(201);
    list = await c.get(base);
    expect(list.body.threads.map((x: { id: string }) => x.id)).toEqual([first.id, second.id]);
    expect(list.body.threads[0]).toMatchObject({ subject: 'Birinci', status: 'open', unreadCount: 0 });

    const read = await c.get(`${base}/${first.id}`);
    expect(read.status).toBe(200);
    expect(read.body.messages.map((m: { message: string }) => m.message)).toEqual([
      'Merhaba, bir sorum var.',
      'ikinci mesaj',
    ]);
  });
});

describe('replying', () => {
  it('needs text that is not blank', async () => {
    const { c } = await signedInCustomer(t);
    const thread = await newThread(c);
    for (const message of [undefined, '', '  \n\t ']) {
      const res = await c.post(`${base}/${thread.id}/messages`, supportForm({ message }));
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ message: 'validation.supportMessageRequired' });
    }
    expect(await h.messagesOf(thread.id)).toHaveLength(1);
  });

  it('stores the reply with its attachment and moves last_message_at to it', async () => {
    const { c } = await signedInCustomer(t);
    const thread = await newThread(c);
    const res = await c.post(`${base}/${thread.id}/messages`, supportForm({ message: 'Ekran görüntüsü' }, IMAGE));
    expect(res.status).toBe(201);
    expect(res.body.message.attachments[0]).toMatchObject({ fileName: 'ekran.png', contentType: 'image/png' });
    expect(res.body.thread.lastMessageAt).toBe(res.body.message.createdAt);
    expect(new Date(res.body.thread.lastMessageAt).getTime()).toBeGreaterThan(new Date(thread.lastMessageAt).getTime());
  });

  it.each([
    ['413', TOO_LARGE, 413, 'FILE_SIZE_LIMIT'],
    ['415', DISGUISED, 415, 'UNSUPPORTED_FILE_TYPE'],
  ] as const)(
    'a refused attachment (%s) stores nothing: no message, no attachment, no file, same last_message_at',
    async (_, file, status, code) => {
      const { c, id } = await signedInCustomer(t);
      const thread = await newThread(c);
      const before = await h.threadRow(thread.id);
      const res = await c.post(`${base}/${thread.id}/messages`, supportForm({ message: 'ek' }, file));
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(await h.messagesOf(thread.id)).toHaveLength(1);
      expect(await h.attachmentsOf(thread.id)).toEqual([]);
      expect(h.supportFiles().filter((k) => k.includes(id))).toEqual([]);
      expect(await h.threadRow(thread.id)).toEqual(before);
    },
  );

  it('a failed transaction removes the stored file again', async () => {
    const { c, id } = await signedInCustomer(t);
    const thread = await newThread(c);
    const before = await h.threadRow(thread.id);
    // The thread disappears between the ownership check and the transaction: the lock finds nothing.
    const original = t.deps.storage.put.bind(t.deps.storage);
    t.deps.storage.put = async (key, data, type) => {
      await original(key, data, type);
      await t.deps.database.db.delete(supportThreads).where(eq(supportThreads.id, thread.id));
    };
    try {
      const res = await c.post(`${base}/${thread.id}/messages`, supportForm({ message: 'ek' }, IMAGE));
      expect(res.status).toBe(404);
    } finally {
      t.deps.storage.put = original;
    }
    expect(before).not.toBeNull();
    expect(h.supportFiles().filter((k) => k.includes(id))).toEqual([]);
  });

  it.each(['resolved', 'closed'])('reopens a %s thread, audits it and tells the staff', async (status) => {
    const { c, id } = await signedInCustomer(t);
    const thread = await newThread(c, { subject: `Yeniden ${status}` });
    await setStatus(thread.id, status);
    const res = await c.post(`${base}/${thread.id}/messages`, supportForm({ message: 'Sorun devam ediyor' }));
    expect(res.status).toBe(201);
    expect(res.body.thread.status).toBe('open');
    const [audit] = await h.threadAudit(thread.id, 'support.reopened');
    expect(audit).toMatchObject({ actorId: id, actorRole: 'customer', before: { status }, after: { status: 'open' } });
    const staff = await h.mailsTo(STAFF, 'supportReopened');
    expect(staff.filter((m) => m.text.includes(`thread=${thread.id}`))).toHaveLength(1);
  });

  it.each(['open', 'in_progress'])('keeps an %s thread as it is, without a staff mail', async (status) => {
    const { c } = await signedInCustomer(t);
    const thread = await newThread(c);
    if (status !== 'open') await setStatus(thread.id, status);
    const res = await c.post(`${base}/${thread.id}/messages`, supportForm({ message: 'ek bilgi' }));
    expect(res.body.thread.status).toBe(status);
    expect(await h.threadAudit(thread.id, 'support.reopened')).toEqual([]);
    const staff = await h.mailsTo(STAFF, 'supportReopened');
    expect(staff.filter((m) => m.text.includes(`thread=${thread.id}`))).toEqual([]);
  });
});

describe('unread staff replies', () => {
  it('counts staff replies the customer has not opened or answered, per thread and in total', async () => {
    const { c } = await signedInCustomer(t);
    const one = await newThread(c);
    const two = await newThread(c);
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 0 });
    await staffReply(one.id, 'bir');
    await staffReply(one.id, 'iki');
    await staffReply(two.id, 'üç');
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 3 });
    const list = await c.get(base);
    const unread = Object.fromEntries(
      list.body.threads.map((x: { id: string; unreadCount: number }) => [x.id, x.unreadCount]),
    );
    expect(unread).toEqual({ [one.id]: 2, [two.id]: 1 });
    // Writing in a thread is reading it.
    await c.post(`${base}/${one.id}/messages`, supportForm({ message: 'teşekkürler' }));
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 1 });
    await staffReply(one.id, 'dört');
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 2 });
    // Opening a thread reads it; a reply after that is unread again.
    expect((await c.get(`${base}/${two.id}`)).status).toBe(200);
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 1 });
    await staffReply(two.id, 'beş');
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 2 });
    expect((await c.get(`${base}/${one.id}`)).status).toBe(200);
    expect((await c.get('/api/support/unread-count')).body).toEqual({ count: 1 });
  });
});

describe('staff notices need SUPPORT_NOTIFY_EMAIL', () => {
  it('sends none when the setting is unset', async () => {
    const bare = await createTestApp();
    try {
      const { c } = await signedInCustomer(bare);
      const before = await bare.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      const res = await c.post(base, supportForm({ subject: 'Ayarsız', message: 'mesaj' }));
      expect(res.status).toBe(201);
      const after = await bare.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      expect(after[0].n).toBe(before[0].n);
    } finally {
      await bare.close();
    }
  });
});
