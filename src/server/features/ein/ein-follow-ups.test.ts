import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTestWith } from '../../../../tests/support/api-test';
import { createStaffMember, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { businessDaysBack } from '../../../shared/catalogue/federal-holidays';
import { overdueSubmittedBefore } from '../../../shared/features/ein/ein-follow-ups.domain';
import { auditEvents, einApplications, einFollowUps, mailOutbox } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { helpers } from './ein.fixtures';
import { followUpDedupeKey } from './ein-follow-ups.service';

/*
 * Decision 0050: the EIN desk's overdue rule and follow-up log, and what the customer sees of it. One app
 * for the file; the applications are put at submitted_to_irs in the database with the day they went out.
 */

const test = apiTestWith({ EIN_FOLLOW_UP_BUSINESS_DAYS: '15' });
let t: TestApp;
let owner: TestClient;
const { db, applicant } = helpers(() => t);
const base = '/api/admin/ein-applications';
const INTERNAL = 'Agent Smith, badge 4411: internal only';
const SHARED = 'The IRS asked us to wait two more weeks.';

test.beforeAll(({ app, owner: first }) => {
  t = app;
  owner = first.c;
});

const today = () => serverToday(t.deps.env);

/** An applicant whose SS-4 went to the IRS on `submittedOn` (or still waits for the form when null). */
async function atIrs(submittedOn: string | null, lang: 'tr' | 'en' = 'tr') {
  const who = await applicant({}, { lang });
  if (submittedOn) {
    await db()
      .update(einApplications)
      .set({ einStatus: 'submitted_to_irs', stageReachedAt: new Date(`${submittedOn}T12:00:00Z`) })
      .where(eq(einApplications.id, who.application.id));
  }
  return who;
}

function followUp(overrides: Record<string, unknown> = {}) {
  return { kind: 'irs_call', followedUpOn: today(), outcome: 'still_processing', note: INTERNAL, ...overrides };
}

async function followUpsOf(applicationId: string) {
  return db().select().from(einFollowUps).where(eq(einFollowUps.applicationId, applicationId));
}

describe('EIN follow-ups', () => {
  let late: Awaited<ReturnType<typeof atIrs>>;
  let recent: Awaited<ReturnType<typeof atIrs>>;

  beforeAll(async () => {
    // 15 business days before today's cutoff day is overdue; the cutoff day itself is not.
    const cutoff = overdueSubmittedBefore(today(), 15);
    late = await atIrs(businessDaysBack(cutoff, 2), 'en');
    recent = await atIrs(cutoff);
  });

  it('filters and counts the overdue applications by the setting, in business days', async () => {
    const res = await owner.get(`${base}?overdue=1&pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.overdue).toEqual({
      businessDays: 15,
      submittedBefore: overdueSubmittedBefore(today(), 15),
      count: 1,
      countKind: 'exact',
    });
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([late.application.id]);
    expect(res.body.total).toBe(1);
    // Without the filter both are listed, and the count is the same.
    const all = await owner.get(`${base}?pageSize=100&status=submitted_to_irs`);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.overdue.count).toBe(1);
  });

  it('records a follow-up for staff with ein.process only, and mails the customer once', async () => {
    const support = await createStaffMember(t, 'support');
    const refused = await support.c.post(`${base}/${late.application.id}/follow-ups`, followUp());
    expect(refused.status).toBe(403);
    expect(await late.c.post(`${base}/${late.application.id}/follow-ups`, followUp())).toMatchObject({ status: 403 });
    expect(await followUpsOf(late.application.id)).toHaveLength(0);
    // Support may read the log (ein.read), empty so far.
    expect((await support.c.get(`${base}/${late.application.id}/follow-ups`)).body).toEqual({ items: [] });

    const operations = await createStaffMember(t, 'operations');
    const res = await operations.c.post(`${base}/${late.application.id}/follow-ups`, followUp());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'irs_call',
      followedUpOn: today(),
      outcome: 'still_processing',
      note: INTERNAL,
      noteShareable: false,
      createdBy: { id: operations.id },
    });

    const mails = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `ein-follow-up:%`));
    expect(mails.filter((m) => m.to === late.email)).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('We followed up with the IRS about your EIN');
    expect(mail.text).toContain('The IRS says the application is still being processed.');
    expect(mail.text).not.toContain(INTERNAL);
    // The same follow-up's mail queued again (a retry, a second server copy) inserts nothing.
    await t.deps.mailer.enqueue({
      to: late.email,
      template: 'einFollowUp',
      lang: 'en',
      vars: { name: 'x', url: 'x' },
      dedupeKey: followUpDedupeKey(res.body.id),
    });
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, followUpDedupeKey(res.body.id))),
    ).toHaveLength(1);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'ein.follow_up_recorded'), eq(auditEvents.subjectUserId, late.id)));
    expect(JSON.stringify(audit.after)).not.toContain(INTERNAL);
  });

  it('shows the customer the day and outcome, a shared note, never an internal one; only their own', async () => {
    const shared = await owner.post(
      `${base}/${late.application.id}/follow-ups`,
      followUp({ kind: 'ss4_refaxed', outcome: 'no_record_resent', note: SHARED, noteShareable: true }),
    );
    expect(shared.status).toBe(201);
    expect((await owner.get(`${base}/${late.application.id}/follow-ups`)).body.items).toHaveLength(2);

    const dashboard = await late.c.get('/api/formations/me');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.timeline.ein.followUps).toEqual([
      expect.objectContaining({ kind: 'irs_call', outcome: 'still_processing', note: null }),
      expect.objectContaining({ kind: 'ss4_refaxed', outcome: 'no_record_resent', note: SHARED }),
    ]);
    const history = await late.c.get('/api/me/timeline');
    const items = history.body.items.filter((i: { kind: string }) => i.kind === 'ein_follow_up');
    expect(items.map((i: { followUp: unknown }) => i.followUp)).toEqual([
      { kind: 'ss4_refaxed', outcome: 'no_record_resent', followedUpOn: today(), note: SHARED },
      { kind: 'irs_call', outcome: 'still_processing', followedUpOn: today(), note: null },
    ]);
    expect(items.every((i: { by: string }) => i.by === 'team')).toBe(true);
    for (const body of [dashboard.body, history.body]) expect(JSON.stringify(body)).not.toContain(INTERNAL);

    // Another customer sees none of it, and cannot reach the desk's log.
    expect((await recent.c.get('/api/formations/me')).body.timeline.ein.followUps).toEqual([]);
    expect(JSON.stringify((await recent.c.get('/api/me/timeline')).body)).not.toContain('ein_follow_up');
    expect((await recent.c.get(`${base}/${late.application.id}/follow-ups`)).status).toBe(403);
  });

  it('refuses, changing nothing: not at the IRS, a future day, a day before the submission, unknown', async () => {
    const waiting = await atIrs(null);
    const notAtIrs = await owner.post(`${base}/${waiting.application.id}/follow-ups`, followUp());
    expect(notAtIrs.status).toBe(409);
    expect(notAtIrs.body.error.code).toBe('EIN_NOT_AT_IRS');

    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await owner.post(
      `${base}/${recent.application.id}/follow-ups`,
      followUp({ followedUpOn: tomorrow }),
    );
    expect(future.status).toBe(400);
    expect(future.body.error.fields).toEqual({ followedUpOn: 'validation.followUpDateInFuture' });
    const early = await owner.post(
      `${base}/${recent.application.id}/follow-ups`,
      followUp({ followedUpOn: '2020-01-01' }),
    );
    expect(early.body.error.fields).toEqual({ followedUpOn: 'validation.followUpDateBeforeSubmission' });
    const bad = await owner.post(
      `${base}/${recent.application.id}/follow-ups`,
      followUp({ followedUpOn: '2026-02-30', kind: 'fax' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ followedUpOn: 'validation.followUpDateInvalid' });
    const unknown = await owner.post(`${base}/00000000-0000-4000-8000-000000000000/follow-ups`, followUp());
    expect(unknown.status).toBe(404);
    expect((await owner.get(`${base}/00000000-0000-4000-8000-000000000000/follow-ups`)).status).toBe(404);

    for (const id of [waiting.application.id, recent.application.id]) expect(await followUpsOf(id)).toEqual([]);
    const mails = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `ein-follow-up:%`));
    expect(mails.filter((m) => m.to === waiting.email || m.to === recent.email)).toEqual([]);
  });
});
