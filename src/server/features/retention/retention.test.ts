/**
 * Decision 0048: the daily retention sweep. An EIN is issued through the real routes; the portal's clock
 * is then moved with TEST_CLOCK_OFFSET_DAYS to a week before the purge (the notice), and past it (the
 * purge): the SSN and the SS-4 files go, the EIN letter stays, the customer's dashboard and the EIN
 * desk say so, and an abandoned sign-up is removed while a customer with a formation is kept.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTestWith } from '../../../../tests/support/api-test';
import { fileForm } from '../../../../tests/support/files';
import { signUp, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { auditEvents, documents, mailOutbox, users } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { einDocumentForm, helpers, PREPARED, SIGNED } from '../ein/ein.fixtures';
import { retentionDedupeKey, runDailyRetention, runRetentionSweep } from './retention.service';

const test = apiTestWith({ RETENTION_SSN_DAYS: '90' });
let t: TestApp;
let admin: TestClient;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});

const { db, applicant, applicationOf, storedFilesOf } = helpers(() => t);
const base = '/api/admin/ein-applications';

/** Moves the whole portal's clock, as the setting does for a server started with it. */
function clockAt(days: number) {
  t.deps.env.TEST_CLOCK_OFFSET_DAYS = days;
  return serverToday(t.deps.env);
}

async function retentionMails(appId: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.dedupeKey, `retention:%:${appId}`));
}

describe('retention sweep (decision 0048)', () => {
  it('tells the customer a week before, purges the SSN and SS-4 files after RETENTION_SSN_DAYS, keeps the EIN letter', async () => {
    const { c, id, application } = await applicant();
    expect((await admin.post(`${base}/${application.id}/ss4`, fileForm(PREPARED))).status).toBe(200);
    expect((await c.post('/api/ein-applications/me/signed-ss4', fileForm(SIGNED))).status).toBe(200);
    expect((await admin.post(`${base}/${application.id}/advance`, { to: 'submitted_to_irs' })).status).toBe(200);
    expect((await admin.post(`${base}/${application.id}/ein-document`, einDocumentForm())).status).toBe(200);
    const before = storedFilesOf(id);
    expect(before.filter((k) => k.startsWith('ss4/') || k.startsWith('signed_ss4/'))).toHaveLength(2);
    expect((await applicationOf(id))?.responsiblePartySsnLast4).toBe('6789');

    // A sign-up never verified, with no formation, made now.
    const abandoned = await signUp(t.client());
    expect(abandoned.res.status).toBe(201);
    const abandonedId: string = abandoned.res.body.user.id;

    // 20 days on: nothing owed yet, nothing announced, the sign-up kept.
    expect(await runDailyRetention(t.deps, clockAt(20))).toEqual({
      outcome: 'ran',
      result: { noticesQueued: 0, ssnPurged: 0, filingTaxIdsPurged: 0, signupsRemoved: 0, lettersExpired: 0 },
    });
    expect((await c.get('/api/formations/me')).body.einApplication.ssnPurgeOn).toBeNull();
    expect(await db().select().from(users).where(eq(users.id, abandonedId))).toHaveLength(1);

    // 84 days on, six before the purge: the notice, once, on the dashboard and by mail (in English here,
    // whose date style differed from the other mails').
    await db().update(users).set({ lang: 'en' }).where(eq(users.id, id));
    const today = clockAt(84);
    // The sign-up is past 30 days and goes; the customer, never verified either but with a formation, stays.
    const first = await runDailyRetention(t.deps, today);
    expect(first).toEqual({
      outcome: 'ran',
      result: { noticesQueued: 1, ssnPurged: 0, filingTaxIdsPurged: 0, signupsRemoved: 1, lettersExpired: 0 },
    });
    expect(await db().select().from(users).where(eq(users.id, abandonedId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, abandonedId), eq(auditEvents.action, 'retention.signup_removed'))),
    ).toHaveLength(1);
    expect(await runDailyRetention(t.deps, today)).toEqual({ outcome: 'finished' });
    await runRetentionSweep(t.deps); // a second pass the same day queues the mail again: the outbox keeps one
    const notices = await retentionMails(application.id);
    expect(notices.map((m) => m.dedupeKey)).toEqual([retentionDedupeKey.notice(application.id)]);
    expect(notices[0].template).toBe('retention.ssnPurgeSoon');
    const issuedAt = (await applicationOf(id))?.stageReachedAt as Date;
    const dashboard = (await c.get('/api/formations/me')).body.einApplication;
    expect(dashboard.ssnPurgeOn).toBe(new Date(issuedAt.getTime() + 90 * 86_400_000).toISOString().slice(0, 10));
    expect(dashboard.ssnPurgeOn > today).toBe(true);
    // The mail writes the day as every mail does (decision 0076), not in a third English style.
    expect(notices[0].text).toContain(formatCalendarDateLong(dashboard.ssnPurgeOn, 'en'));
    expect(dashboard.ssnPurgedAt).toBeNull();

    // 91 days on: purged.
    const later = await runDailyRetention(t.deps, clockAt(91));
    expect(later).toMatchObject({ outcome: 'ran', result: { ssnPurged: 1 } });
    const row = await applicationOf(id);
    expect(row).toMatchObject({
      responsiblePartySsnEncrypted: null,
      responsiblePartySsnLast4: null,
      uploadedSs4Key: null,
      uploadedSignedSs4Key: null,
      generatedSs4Key: null,
    });
    expect(row?.ssnPurgedAt).toBeInstanceOf(Date);
    expect(row?.uploadedEinDocumentKey).toBeTruthy();
    const after = storedFilesOf(id);
    expect(after.filter((k) => k.startsWith('ss4/') || k.startsWith('signed_ss4/'))).toEqual([]);
    expect(after).toContain(before.find((k) => k.startsWith('ein/')));
    const vault = await db().select().from(documents).where(eq(documents.userId, id));
    expect(vault.map((d) => d.category).sort()).not.toContain('ss4');
    expect(vault.map((d) => d.category)).toContain('ein');
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, id), eq(auditEvents.action, 'retention.ssn_purged')));
    expect(audit).toHaveLength(1);
    expect((await retentionMails(application.id)).map((m) => m.template).sort()).toEqual([
      'retention.ssnPurgeSoon',
      'retention.ssnPurged',
    ]);

    // The customer's dashboard and application, and the EIN desk, say it was purged.
    const summary = (await c.get('/api/formations/me')).body.einApplication;
    expect(summary).toMatchObject({ ssnPurgeOn: null, ssnPurgedAt: row?.ssnPurgedAt?.toISOString() });
    expect((await c.get('/api/ein-applications/me')).body.application).toMatchObject({
      ssnLast4: null,
      ssnPurgedAt: row?.ssnPurgedAt?.toISOString(),
    });
    const desk = (await admin.get(`${base}/${application.id}`)).body.application;
    expect(desk).toMatchObject({ ssnMasked: null, ssnPurgedAt: row?.ssnPurgedAt?.toISOString() });
    expect((await admin.post(`${base}/${application.id}/ssn`, {})).body.ssn).toBeNull();

    // A repeated sweep finds nothing left to do.
    expect(await runRetentionSweep(t.deps)).toEqual({
      noticesQueued: 0,
      ssnPurged: 0,
      filingTaxIdsPurged: 0,
      signupsRemoved: 0,
      lettersExpired: 0,
    });
  });
});
