import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm } from '../../../../tests/support/files';
import { signUp, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { companyFormations, mailOutbox, services } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { applicationForm, einDocumentForm, helpers, PREPARED, SIGNED } from '../ein/ein.fixtures';
import { notifyStageChange } from './stage-notices.service';
import { listCustomerTimeline } from './timeline.service';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
let adminId: string;
let adminEmail: string;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
  adminId = owner.id;
  adminEmail = owner.email;
});

const { db, completedCustomer, applicant, applicationOf } = helpers(() => t);
const adminBase = '/api/admin/ein-applications';

/** Every mail to `to` except the sign-up verification, oldest first. */
async function stageMails(to: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(mailOutbox.createdAt)
    .then((rows) => rows.filter((m) => m.template !== 'verify'));
}

/** Runs `step` and returns the mails it queued (by id, so mails of one transaction need no order). */
async function mailsOf(email: string, step: () => Promise<unknown>) {
  const before = new Set((await stageMails(email)).map((m) => m.id));
  await step();
  return (await stageMails(email)).filter((m) => !before.has(m.id));
}

const ok = async (res: Promise<{ status: number; body: unknown }>, status = 200) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};

describe('stage emails', () => {
  it('queues exactly one mail per change along the whole path, in English, with the right link', async () => {
    const c = t.client();
    const { res, email } = await signUp(c);
    expect(res.status).toBe(201);
    await ok(c.patch('/api/me', { lang: 'en' }));
    // A new formation starts at preparation: nothing changed, nothing to tell.
    expect(await mailsOf(email, () => ok(c.post('/api/formations', { formationType: 'self' }), 201))).toEqual([]);

    const steps: Array<[string, () => Promise<unknown>, string[], string]> = [
      [
        'guide yes',
        () => ok(c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' })),
        ['formationCompleted'],
        '/ein-application',
      ],
      [
        'EIN submit',
        () => ok(c.post('/api/ein-applications', applicationForm()), 201),
        ['formationEinCreated'],
        '/dashboard',
      ],
    ];
    for (const [label, step, templates, path] of steps) {
      const mails = await mailsOf(email, step);
      expect(
        mails.map((m) => m.template),
        label,
      ).toEqual(templates);
      expect(mails[0].lang).toBe('en');
      expect(mails[0].text).toContain(`http://localhost:3000${path}`);
    }
    const app = await applicationOf(res.body.user.id);
    const ein: Array<[string, () => Promise<unknown>, string[], string | null]> = [
      [
        'prepared SS-4',
        () => ok(admin.post(`${adminBase}/${app.id}/ss4`, fileForm(PREPARED))),
        ['ss4Ready'],
        '/ss4-instructions',
      ],
      ['prepared SS-4 replaced', () => ok(admin.post(`${adminBase}/${app.id}/ss4`, fileForm(PREPARED))), [], null],
      [
        'signed SS-4',
        () => ok(c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED))),
        ['ss4Uploaded'],
        '/dashboard',
      ],
      ['signed SS-4 replaced', () => ok(c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED))), [], null],
      [
        'submitted',
        () => ok(admin.post(`${adminBase}/${app.id}/advance`, { to: 'submitted_to_irs' })),
        ['einSubmittedToIrs'],
        '/dashboard',
      ],
    ];
    for (const [label, step, templates, path] of ein) {
      const mails = await mailsOf(email, step);
      expect(
        mails.map((m) => m.template),
        label,
      ).toEqual(templates);
      if (path) {
        expect(mails[0]).toMatchObject({ lang: 'en' });
        expect(mails[0].text).toContain(`http://localhost:3000${path}`);
      }
    }
    // Two changes in one step (the EIN and, with it, the formation): one mail, which says both.
    const issued = await mailsOf(email, () =>
      ok(admin.post(`${adminBase}/${app.id}/ein-document`, einDocumentForm('123456789'))),
    );
    expect(issued.map((m) => m.template)).toEqual(['einIssued']);
    expect(issued[0].text).toContain('formation process is complete');
    // The number itself, written the way the IRS letter writes it.
    expect(issued[0].text).toContain('EIN (its US federal tax ID): 12-3456789.');
    expect(issued[0].html).toContain('12-3456789');
    expect(issued.every((m) => m.lang === 'en' && m.text.includes('http://localhost:3000/dashboard'))).toBe(true);
    expect(issued.find((m) => m.template === 'einIssued')?.subject).toBe('Your EIN has been issued');
    // A refused change mails nothing.
    expect(
      await mailsOf(email, () => ok(admin.post(`${adminBase}/${app.id}/advance`, { to: 'ein_issued' }), 409)),
    ).toEqual([]);
  });

  it('writes in Turkish to a Turkish-speaking customer', async () => {
    const { email } = await completedCustomer();
    const [mail] = await stageMails(email);
    expect(mail).toMatchObject({ template: 'formationCompleted', lang: 'tr' });
    expect(mail.subject).toBe("Şirket kuruluşunuz tamamlandı: sıra EIN'de");
    expect(mail.text).toContain('Merhaba');
  });

  it('holds the ready-to-sign mail of an advance without a form until the form is uploaded', async () => {
    const { email, application } = await applicant();
    const advanced = await mailsOf(email, () =>
      ok(admin.post(`${adminBase}/${application.id}/advance`, { to: 'ss4_ready' })),
    );
    expect(advanced).toEqual([]);
    const uploaded = await mailsOf(email, () =>
      ok(admin.post(`${adminBase}/${application.id}/ss4`, fileForm(PREPARED))),
    );
    expect(uploaded.map((m) => m.template)).toEqual(['ss4Ready']);
    expect(uploaded[0].text).toContain('http://localhost:3000/ss4-instructions');
  });

  it('sends a completed formation with an EIN application on file to the dashboard, not the wizard', async () => {
    const { c, id, email } = await applicant();
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'preparation' })
      .where(eq(companyFormations.userId, id));
    const mails = await mailsOf(email, () =>
      ok(c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' })),
    );
    expect(mails.map((m) => m.template)).toEqual(['formationCompleted']);
    expect(mails[0].text).toContain('http://localhost:3000/dashboard');
    // Answering "yes" again is refused (no change) and mails nothing.
    expect(
      await mailsOf(email, () =>
        ok(c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' }), 409),
      ),
    ).toEqual([]);
  });

  it('notifyStageChange: one mail per change, none without a change, none when the transaction rolls back', async () => {
    const { id, email } = await completedCustomer({ lang: 'en' });
    const before = (await stageMails(email)).length;
    await db().transaction(async (tx) => {
      expect(
        await notifyStageChange(t.deps, tx, { userId: id, kind: 'formation', from: 'ein_created', to: 'ein_created' }),
      ).toBeNull();
      expect(
        await notifyStageChange(t.deps, tx, { userId: id, kind: 'ein', from: 'ss4_ready', to: 'ss4_ready' }),
      ).toBeNull();
    });
    // An admin moving the formation back (the admin formations page calls this the same way).
    const notice = await db().transaction((tx) =>
      notifyStageChange(t.deps, tx, { userId: id, kind: 'formation', from: 'formation_completed', to: 'preparation' }),
    );
    expect(notice).toEqual({ template: 'formationPreparation', path: '/formation' });
    await expect(
      db().transaction(async (tx) => {
        await notifyStageChange(t.deps, tx, { userId: id, kind: 'formation', from: 'preparation', to: 'ein_created' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const mails = await stageMails(email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ template: 'formationPreparation', lang: 'en' });
    expect(mails.at(-1)?.text).toContain('http://localhost:3000/formation');
  });
});

/** A paid order through the local test checkout, the way a customer pays. */
async function pay(c: TestClient) {
  const [service] = await db()
    .insert(services)
    .values({ title: 'ITIN Başvurusu', titleEn: 'ITIN application', description: 'W-7', priceCents: 24_900 })
    .returning();
  const res = await ok(c.post('/api/payments/checkout', { serviceId: service.id }));
  const sessionId = String((res.body as { url: string }).url)
    .split('/')
    .pop();
  await ok(c.post(`/api/payments/test-checkout/${sessionId}/pay`, {}));
}

describe('GET /api/me/timeline', () => {
  const SECRET_NOTE = 'Staff-only note: IRS fax 555-0100';
  let a: Awaited<ReturnType<typeof applicant>>;
  let b: Awaited<ReturnType<typeof applicant>>;

  beforeAll(async () => {
    a = await applicant({}, { lang: 'en' });
    b = await applicant();
    await ok(admin.post(`${adminBase}/${a.application.id}/ss4`, fileForm(PREPARED)));
    await ok(admin.request('PUT', `${adminBase}/${a.application.id}/notes`, { adminNotes: SECRET_NOTE }));
    await ok(admin.post(`${adminBase}/${a.application.id}/ssn`, {}));
    const form = fileForm({ ...PREPARED, name: 'Business License.pdf' });
    form.append('category', 'business_license');
    await ok(admin.post(`/api/admin/users/${a.id}/documents`, form), 201);
    await pay(a.c);
  });

  it("answers the customer's own history, newest first, as safe items", async () => {
    const res = await ok(a.c.get('/api/me/timeline'));
    const { items, nextCursor } = res.body as { items: Array<Record<string, unknown>>; nextCursor: string | null };
    expect(nextCursor).toBeNull();
    const ats = items.map((i) => Date.parse(i.at as string));
    expect([...ats].sort((x, y) => y - x)).toEqual(ats);
    expect(items.map((i) => i.kind)).toEqual([
      'payment_paid',
      'document_added',
      'ein_status',
      'ein_submitted',
      'formation_status',
      'formation_status',
      'formation_started',
    ]);
    expect(items[0]).toMatchObject({
      by: 'system',
      payment: { amountCents: 24_900, currency: 'usd', orderKind: 'service', titleEn: 'ITIN application' },
    });
    expect(items[1]).toMatchObject({
      by: 'team',
      document: { category: 'business_license', fileName: 'Business License.pdf' },
    });
    expect(items[2]).toMatchObject({
      by: 'team',
      from: 'waiting_for_form',
      to: 'ss4_ready',
      document: { category: 'ss4' },
    });
    expect(items[3]).toMatchObject({ by: 'you', from: null, to: 'waiting_for_form' });
    expect(items[4]).toMatchObject({ by: 'you', from: 'formation_completed', to: 'ein_created' });
    expect(items[5]).toMatchObject({ by: 'you', from: 'preparation', to: 'formation_completed' });
    expect(items[6]).toMatchObject({ by: 'you', to: 'preparation' });
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(expect.arrayContaining(['at', 'by', 'id', 'kind']));
      for (const key of Object.keys(item)) {
        expect(['id', 'at', 'kind', 'by', 'from', 'to', 'document', 'payment']).toContain(key);
      }
    }
  });

  it('never shows staff-only fields: admin notes, SSN reveals, staff ids or emails, raw audit data', async () => {
    const res = await ok(a.c.get('/api/me/timeline'));
    const text = JSON.stringify(res.body);
    const row = await applicationOf(a.id);
    for (const secret of [
      SECRET_NOTE,
      'IRS fax',
      adminId,
      adminEmail,
      'ssn',
      'adminNotes',
      'notes',
      'actor',
      'before',
      'after',
      row.uploadedSs4Key as string,
      row.articlesOfOrganizationKey as string,
    ]) {
      expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    // The staff-only rows exist: they are filtered, not missing.
    const all = await listCustomerTimeline(db(), a.id, { forAdmin: true, reader: 'owner' });
    expect(all.items.map((i) => i.action)).toEqual(expect.arrayContaining(['ein.notes_saved', 'ein.ssn_revealed']));
  });

  it('shows each customer only their own history; anonymous 401, admin 403', async () => {
    const mine = (await ok(b.c.get('/api/me/timeline'))).body as { items: Array<{ id: string }> };
    const theirs = (await ok(a.c.get('/api/me/timeline'))).body as { items: Array<{ id: string }> };
    const aIds = new Set(theirs.items.map((i) => i.id));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.some((i) => aIds.has(i.id))).toBe(false);
    // B's history does not move with A's changes.
    expect(mine.items.map((i) => (i as { kind?: string }).kind)).not.toContain('payment_paid');
    // A cursor taken from A's timeline pages B's own rows only.
    const paged = (await ok(b.c.get(`/api/me/timeline?before=${theirs.items[0].id}`))).body as {
      items: Array<{ id: string }>;
    };
    expect(paged.items.some((i) => aIds.has(i.id))).toBe(false);

    const anon = await t.client().get('/api/me/timeline');
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('UNAUTHENTICATED');
    const asAdmin = await admin.get('/api/me/timeline');
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error.code).toBe('FORBIDDEN');
  });

  it('pages with a cursor without repeats or gaps, and refuses a bad limit or cursor with 400', async () => {
    const full = ((await ok(a.c.get('/api/me/timeline'))).body as { items: Array<{ id: string }> }).items;
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const url: string = `/api/me/timeline?limit=3${cursor ? `&before=${cursor}` : ''}`;
      const page = (await ok(a.c.get(url))).body as { items: Array<{ id: string }>; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(full.map((x) => x.id));
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'before=not-a-uuid', 'before=%00']) {
      const res = await a.c.get(`/api/me/timeline?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('listCustomerTimeline for admins', () => {
  it('returns every audit row of the customer with who, what, from → to and when, newest first', async () => {
    const { id, application } = await applicant();
    await ok(admin.post(`${adminBase}/${application.id}/advance`, { to: 'ss4_ready' }));
    await ok(admin.post(`${adminBase}/${application.id}/ssn`, {}));
    const { items, nextCursor } = await listCustomerTimeline(db(), id, { forAdmin: true, reader: 'owner' });
    expect(nextCursor).toBeNull();
    expect(items.map((i) => i.action)).toEqual([
      'ein.ssn_revealed',
      'ein.status_changed',
      'ein.created',
      'formation.status_changed',
      'formation.status_changed',
      'formation.created',
    ]);
    expect(items[0]).toMatchObject({
      actor: { id: adminId, role: 'admin', email: adminEmail, name: 'Admin Kişi' },
      entityType: 'ein_application',
      entityId: application.id,
    });
    expect(items[1]).toMatchObject({ from: 'waiting_for_form', to: 'ss4_ready', actor: { role: 'admin' } });
    expect(items[3]).toMatchObject({ from: 'formation_completed', to: 'ein_created', actor: { id, role: 'customer' } });
    expect(Number.isNaN(Date.parse(items[0].at))).toBe(false);

    const first = await listCustomerTimeline(db(), id, { forAdmin: true, reader: 'owner', limit: 4 });
    const rest = await listCustomerTimeline(db(), id, {
      forAdmin: true,
      reader: 'owner',
      limit: 4,
      before: first.nextCursor ?? '',
    });
    expect([...first.items, ...rest.items].map((i) => i.id)).toEqual(items.map((i) => i.id));
    expect(rest.nextCursor).toBeNull();
  });

  it('holds at most 100 rows a page, for the customer too', async () => {
    const { id } = await completedCustomer();
    for (let i = 0; i < 105; i += 1) {
      await recordAudit(db(), {
        actorId: adminId,
        actorRole: 'admin',
        action: 'formation.status_changed',
        entityType: 'company_formation',
        entityId: id,
        subjectUserId: id,
        before: { formationStatus: 'preparation' },
        after: { formationStatus: 'formation_completed' },
      });
    }
    const adminPage = await listCustomerTimeline(db(), id, { forAdmin: true, reader: 'owner', limit: 1000 });
    expect(adminPage.items).toHaveLength(100);
    expect(adminPage.nextCursor).not.toBeNull();
    const customerPage = await listCustomerTimeline(db(), id);
    expect(customerPage.items).toHaveLength(100);
    const rest = await listCustomerTimeline(db(), id, { before: customerPage.nextCursor ?? '' });
    // 105 added, plus formation.created and the guide's move.
    expect(rest.items).toHaveLength(7);
    expect(rest.nextCursor).toBeNull();
  });
});
