import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInCustomer,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { auditEvents, supportThreads } from '../../db/schema';
import { ATTACHMENT, DISGUISED, IMAGE, supportForm, supportHelpers, TOO_LARGE } from './support.fixtures';

let t: TestApp;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  // No SUPPORT_NOTIFY_EMAIL here: customer threads must not mail anyone but the customer.
  t = await createTestApp();
  admin = t.client();
  const { res } = await signUpAdmin(admin);
  expect(res.status).toBe(201);
  adminId = res.body.user.id;
});
afterAll(async () => {
  await t?.close();
});

const h = supportHelpers(() => t);
const base = '/api/admin/support';

async function customer(opts: { lang?: 'en' | 'tr'; email?: string } = {}) {
  const c = t.client();
  const { res, email } = await signUp(c, opts.email ? { email: opts.email } : {});
  expect(res.status).toBe(201);
  if (opts.lang) expect((await c.patch('/api/me', { lang: opts.lang })).status).toBe(200);
  return { c, id: res.body.user.id as string, email };
}

async function customerThread(c: TestClient, subject = 'Banka sorusu', message: string | undefined = 'Merhaba') {
  const res = await c.post('/api/support/threads', supportForm({ subject, message }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.thread as { id: string };
}

async function reply(id: string, message = 'Yanıtımız', file?: typeof ATTACHMENT) {
  return admin.post(`${base}/threads/${id}/messages`, supportForm({ message }, file));
}

async function putStatus(c: TestClient, id: string, status: string) {
  return c.request('PUT', `${base}/threads/${id}/status`, { status });
}

async function waitingCount(): Promise<number> {
  const res = await admin.get(`${base}/waiting-count`);
  expect(res.status).toBe(200);
  return res.body.count;
}

/** Moves every audit row of the thread back in time, as if its replies were that old. */
async function ageAudit(threadId: string, minutes: number) {
  await t.deps.database.db
    .update(auditEvents)
    .set({ createdAt: sql`${auditEvents.createdAt} - make_interval(mins => ${minutes}::int)` })
    .where(eq(auditEvents.entityId, threadId));
}

// The door's 401 and 403 on every route are the authorization matrix's; this refusal's own words are the spec's.
describe('the admin support routes', () => {
  it("refuses thread creation to a customer with 'Unauthorized: Admin access required'", async () => {
    const { c, id } = await customer();
    const res = await c.post(`${base}/threads?lang=en`, supportForm({ userId: id, subject: 's', message: 'm' }));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'ADMIN_REQUIRED', message: 'Unauthorized: Admin access required' });
  });
});

describe('the admin thread list', () => {
  const tag = `Zq${Date.now().toString(36)}`;
  const made: Array<{ id: string; email: string; threadId: string }> = [];

  beforeAll(async () => {
    for (const n of [1, 2, 3]) {
      const who = await customer({ email: `Destek.${tag}${n}@Example.com` });
      const thread = await customerThread(who.c, `${tag} konu ${n} Şirket İŞLEMİ`);
      made.push({ id: who.id, email: who.email, threadId: thread.id });
    }
  });

  it('searches subject and email case-insensitively, with the user email on each row', async () => {
    const bySubject = await admin.get(`${base}/threads?q=${tag.toUpperCase()}%20KONU%202`);
    expect(bySubject.status).toBe(200);
    expect(bySubject.body.items.map((r: { id: string }) => r.id)).toEqual([made[1].threadId]);
    expect(bySubject.body.items[0]).toMatchObject({
      userEmail: made[1].email.toLowerCase(),
      userId: made[1].id,
      status: 'open',
    });
    const byEmail = await admin.get(`${base}/threads?q=${encodeURIComponent(`destek.${tag.toLowerCase()}3@`)}`);
    expect(byEmail.body.items.map((r: { id: string }) => r.id)).toEqual([made[2].threadId]);
    // Turkish letters fold the same way on both sides.
    const folded = await admin.get(`${base}/threads?q=${encodeURIComponent(`${tag} konu 1 sirket işlemi`)}`);
    expect(folded.body.items.map((r: { id: string }) => r.id)).toEqual([made[0].threadId]);
    // % and _ are literal characters, not wildcards.
    expect((await admin.get(`${base}/threads?q=%25`)).body.items).toEqual([]);
  });

  it('pages with one total and sorts newest or oldest by last message', async () => {
    const p1 = await admin.get(`${base}/threads?q=${tag}&pageSize=2&page=1`);
    expect(p1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    const p2 = await admin.get(`${base}/threads?q=${tag}&pageSize=2&page=2`);
    const newest = [...p1.body.items, ...p2.body.items].map((r: { id: string }) => r.id);
    expect(newest).toEqual(made.map((m) => m.threadId).reverse());
    const oldest = await admin.get(`${base}/threads?q=${tag}&sort=oldest`);
    expect(oldest.body.items.map((r: { id: string }) => r.id)).toEqual(made.map((m) => m.threadId));
  });

  it('filters by status, all by default', async () => {
    await putStatus(admin, made[0].threadId, 'in_progress');
    const inProgress = await admin.get(`${base}/threads?q=${tag}&status=in_progress`);
    expect(inProgress.body.items.map((r: { id: string }) => r.id)).toEqual([made[0].threadId]);
    expect((await admin.get(`${base}/threads?q=${tag}&status=all`)).body.total).toBe(3);
    expect((await admin.get(`${base}/threads?q=${tag}&status=closed`)).body.total).toBe(0);
    expect((await admin.get(`${base}/threads?status=waiting`)).status).toBe(400);
  });
});

describe('waiting for us', () => {
  it("shows the customer's newest message time, and counts the threads waiting", async () => {
    const { c } = await customer();
    const start = await waitingCount();
    const thread = await customerThread(c, 'Bekleyen');
    const detail = async () => (await admin.get(`${base}/threads/${thread.id}`)).body.thread;
    const first = await detail();
    expect(first.waitingSince).toBe(first.lastMessageAt);
    expect(await waitingCount()).toBe(start + 1);

    expect((await reply(thread.id)).status).toBe(201);
    expect((await detail()).waitingSince).toBeNull();
    expect(await waitingCount()).toBe(start);

    const again = await c.post(`/api/support/threads/${thread.id}/messages`, supportForm({ message: 'Bir şey daha' }));
    expect((await detail()).waitingSince).toBe(again.body.message.createdAt);
    expect(await waitingCount()).toBe(start + 1);

    // Staff closed it: nobody waits any more.
    expect((await putStatus(admin, thread.id, 'closed')).status).toBe(200);
    expect((await detail()).waitingSince).toBeNull();
    expect(await waitingCount()).toBe(start);
  });

  it('counts a thread opened with a subject alone as waiting since it was created', async () => {
    const { c } = await customer();
    const start = await waitingCount();
    const thread = await customerThread(c, 'Sadece konu', '');
    const row = (await admin.get(`${base}/threads/${thread.id}`)).body.thread;
    expect(row.waitingSince).toBe(row.createdAt);
    expect(await waitingCount()).toBe(start + 1);
  });
});

describe('thread detail', () => {
  it("shows messages oldest first and the customer's formation and EIN status", async () => {
    const { c } = await customer();
    const thread = await customerThread(c, 'Detay', 'ilk');
    let res = await admin.get(`${base}/threads/${thread.id}`);
    expect(res.status).toBe(200);
    expect(res.body.customer).toEqual({ formationStatus: null, einStatus: null });
    expect((await c.post('/api/formations', { formationType: 'self' })).status).toBe(201);
    await reply(thread.id, 'ikinci');
    res = await admin.get(`${base}/threads/${thread.id}`);
    expect(res.body.customer).toEqual({ formationStatus: 'preparation', einStatus: null });
    expect(
      res.body.messages.map((m: { message: string; isAdminReply: boolean }) => [m.message, m.isAdminReply]),
    ).toEqual([
      ['ilk', false],
      ['ikinci', true],
    ]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['x', '00000000-0000-0000-0000-000000000000']) {
      expect((await admin.get(`${base}/threads/${id}`)).status).toBe(404);
      expect((await putStatus(admin, id, 'closed')).status).toBe(404);
      expect((await reply(id)).status).toBe(404);
    }
  });
});

describe('setting the status', () => {
  it('takes any of the four in any order, auditing each change once', async () => {
    const { c, id } = await customer();
    const thread = await customerThread(c);
    const path = ['closed', 'open', 'resolved', 'in_progress', 'open', 'closed'];
    let from = 'open';
    for (const status of path) {
      const res = await putStatus(admin, thread.id, status);
      expect(res.status).toBe(200);
      expect(res.body.thread.status).toBe(status);
      expect(res.body.thread.userEmail).toBeTruthy();
      if (status === from) continue;
      const audits = await h.threadAudit(thread.id, 'support.status_changed');
      expect(audits.at(-1)).toMatchObject({
        actorId: adminId,
        actorRole: 'admin',
        subjectUserId: id,
        before: { status: from },
        after: { status },
      });
      from = status;
    }
    expect(await h.threadAudit(thread.id, 'support.status_changed')).toHaveLength(6);
    // The same status again is no change, and no audit row.
    await putStatus(admin, thread.id, 'closed');
    expect(await h.threadAudit(thread.id, 'support.status_changed')).toHaveLength(6);
    expect((await putStatus(admin, thread.id, 'waiting')).status).toBe(400);
  });

  it('does not move last_message_at', async () => {
    const { c } = await customer();
    const thread = await customerThread(c);
    const before = await h.threadRow(thread.id);
    await putStatus(admin, thread.id, 'resolved');
    expect((await h.threadRow(thread.id))?.lastMessageAt).toEqual(before?.lastMessageAt);
  });
});

describe('staff replies', () => {
  it('store the reply and its attachment, audit it and mail the customer in their language', async () => {
    const { c, id, email } = await customer({ lang: 'en' });
    const thread = await customerThread(c, 'Question <b>bold</b> & "quoted"');
    const res = await reply(thread.id, 'Line one\nLine two <script>x</script>', ATTACHMENT);
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ isAdminReply: true, message: 'Line one\nLine two <script>x</script>' });
    expect(res.body.thread.lastMessageAt).toBe(res.body.message.createdAt);
    const att = res.body.message.attachments[0];
    // Named after the thread's owner, and theirs to download.
    expect(att.url).toContain(`/support/${id}_`);
    expect((await c.get(att.url)).status).toBe(200);

    const [audit] = await h.threadAudit(thread.id, 'support.admin_replied');
    expect(audit).toMatchObject({
      actorId: adminId,
      actorRole: 'admin',
      subjectUserId: id,
      after: { messageId: res.body.message.id, customerMailed: true },
    });
    const [mail] = await h.mailsTo(email, 'supportReply');
    expect(mail.lang).toBe('en');
    expect(mail.subject).toBe('New reply to your support request: Question <b>bold</b> & "quoted"');
    expect(mail.text).toContain(`http://localhost:3000/support?thread=${thread.id}`);
    expect(mail.text).toContain('> Line one\n> Line two');
    expect(mail.html).not.toContain('<b>bold');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });

  it('mail the customer at most once per thread in 10 minutes', async () => {
    const { c, email } = await customer();
    const one = await customerThread(c, 'Bir');
    const two = await customerThread(c, 'İki');
    for (const text of ['a', 'b', 'c']) expect((await reply(one.id, text)).status).toBe(201);
    expect((await reply(two.id, 'd')).status).toBe(201);
    const mails = await h.mailsTo(email, 'supportReply');
    expect(mails.filter((m) => m.text.includes(`thread=${one.id}`))).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes(`thread=${two.id}`))).toHaveLength(1);
    const audits = await h.threadAudit(one.id, 'support.admin_replied');
    expect(audits.map((a) => (a.after as { customerMailed: boolean }).customerMailed)).toEqual([true, false, false]);

    await ageAudit(one.id, 11);
    expect((await reply(one.id, 'e')).status).toBe(201);
    const later = await h.mailsTo(email, 'supportReply');
    expect(later.filter((m) => m.text.includes(`thread=${one.id}`))).toHaveLength(2);
  });

  it.each([
    ['413', TOO_LARGE, 413, 'FILE_SIZE_LIMIT'],
    ['415', DISGUISED, 415, 'UNSUPPORTED_FILE_TYPE'],
  ] as const)(
    'a refused attachment (%s) stores nothing, audits nothing and mails nothing',
    async (_, file, status, code) => {
      const { c, id, email } = await customer();
      const thread = await customerThread(c);
      const before = await h.threadRow(thread.id);
      const res = await reply(thread.id, 'ek', file);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(await h.messagesOf(thread.id)).toHaveLength(1);
      expect(await h.attachmentsOf(thread.id)).toEqual([]);
      expect(h.supportFiles().filter((k) => k.includes(id))).toEqual([]);
      expect(await h.threadRow(thread.id)).toEqual(before);
      expect(await h.threadAudit(thread.id)).toEqual([]);
      expect(await h.mailsTo(email, 'supportReply')).toEqual([]);
    },
  );

  it('need text that is not blank', async () => {
    const { c } = await customer();
    const thread = await customerThread(c);
    const res = await reply(thread.id, '   ');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ message: 'validation.supportMessageRequired' });
  });
});

describe('creating a thread for a user', () => {
  it("requires user, subject and message: 'Please fill in all required fields'", async () => {
    const { id } = await customer();
    for (const fields of [
      { userId: id, subject: '', message: 'm' },
      { userId: id, subject: 's', message: '  ' },
      { userId: id, subject: 's' },
      { subject: 's', message: 'm' },
    ]) {
      const res = await admin.post(`${base}/threads`, supportForm(fields));
      expect(res.status).toBe(400);
      expect(Object.values(res.body.error.fields)).toEqual(['validation.requiredFieldsMissing']);
    }
    const rows = await t.deps.database.db.select().from(supportThreads).where(eq(supportThreads.userId, id));
    expect(rows).toEqual([]);
  });

  it('answers 404 for an unknown user, storing nothing', async () => {
    const res = await admin.post(
      `${base}/threads`,
      supportForm({ userId: 'no-such-user', subject: 's', message: 'm' }, IMAGE),
    );
    expect(res.status).toBe(404);
    expect(h.supportFiles().filter((k) => k.includes('no-such-user'))).toEqual([]);
  });

  it('opens the thread with an admin reply, audits it and mails the customer; the customer sees it', async () => {
    const { c, id, email } = await customer();
    const res = await admin.post(
      `${base}/threads`,
      supportForm({ userId: id, subject: 'Belgeniz eksik', message: 'Lütfen faturayı yükleyin.' }, IMAGE),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const threadId = res.body.thread.id;
    expect(res.body.thread).toMatchObject({ status: 'open', userId: id, waitingSince: null });
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({ isAdminReply: true, message: 'Lütfen faturayı yükleyin.' });
    const [audit] = await h.threadAudit(threadId, 'support.thread_created');
    expect(audit).toMatchObject({
      actorId: adminId,
      subjectUserId: id,
      after: { subject: 'Belgeniz eksik', customerMailed: true },
    });
    const mails = await h.mailsTo(email, 'supportReply');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/support?thread=${threadId}`);

    const mine = await c.get('/api/support/threads');
    expect(mine.body.threads).toMatchObject([{ id: threadId, unreadCount: 1 }]);
    expect((await c.get('/api/support/unread-count')).body.count).toBe(1);
    const url = res.body.messages[0].attachments[0].url;
    expect((await c.get(url)).status).toBe(200);
    expect((await (await signedInCustomer(t)).c.get(url)).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the support routes with their multipart bodies', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/support/threads',
        '/api/support/threads/{id}',
        '/api/support/threads/{id}/messages',
        '/api/support/unread-count',
        '/api/admin/support/threads',
        '/api/admin/support/threads/{id}',
        '/api/admin/support/threads/{id}/status',
        '/api/admin/support/threads/{id}/messages',
        '/api/admin/support/waiting-count',
      ]),
    );
    const body = doc.paths['/api/admin/support/threads'].post.requestBody.content['multipart/form-data'];
    expect(body.schema.required).toEqual(['userId', 'subject', 'message']);
  });
});
