import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { customerEinStatus } from '../../../shared/features/formations/stage-notices.domain';
import { bankAccountFeedback, companyFormations, einApplications, stageHistory } from '../../db/schema';
import { helpers } from '../ein/ein.fixtures';
import { toEinSummary } from '../ein/ein.mapper';
import { findApplicationByUser } from '../ein/ein.service';
import { findFormationByUser, toFormation } from '../formations/formations.service';
import { loadGuidesDone } from '../formations/guides-done.service';
import { stageStats, stageTimeline } from '../timeline/stage-history.service';

/*
 * GET /api/formations/me reads its records with prepared statements, the formation and the EIN
 * application joined (decision 0025). Its body must stay byte for byte what the separate reads made:
 * the reference below is the route as it was, one query per record and per timeline.
 */

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

const { db, completedCustomer, applicant } = helpers(() => t);

async function referenceBody(userId: string): Promise<string> {
  const row = await findFormationByUser(db(), userId);
  if (!row) throw new Error('no formation');
  const ein = await findApplicationByUser(db(), userId);
  const reached = async (kind: 'formation' | 'ein') =>
    new Map(
      (
        await db()
          .select({ stage: stageHistory.stage, reachedAt: stageHistory.reachedAt })
          .from(stageHistory)
          .where(and(eq(stageHistory.userId, userId), eq(stageHistory.kind, kind)))
      ).map((r) => [r.stage, r.reachedAt]),
    );
  const stats = await stageStats(db());
  const timeline = {
    formation: stageTimeline(
      await reached('formation'),
      { kind: 'formation', current: row.formationStatus, currentReachedAt: row.stageReachedAt },
      stats,
    ),
    ein: ein
      ? stageTimeline(
          await reached('ein'),
          {
            kind: 'ein',
            current: customerEinStatus(ein.einStatus, Boolean(ein.uploadedSs4Key)),
            currentReachedAt: ein.stageReachedAt,
          },
          stats,
        )
      : null,
  };
  const guidesDone = row.formationStatus === 'process_completed' ? await loadGuidesDone(db(), userId) : null;
  return JSON.stringify({
    formation: toFormation(row),
    einApplication: ein ? toEinSummary(ein) : null,
    timeline,
    guidesDone,
  });
}

/** The route's body as sent, not parsed. */
async function sentBody(c: TestClient): Promise<string> {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request('http://localhost:3000/api/formations/me', { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('GET /api/formations/me body', () => {
  it('is the same bytes as the separate reads made: no EIN application yet', async () => {
    const { c, id } = await signedInCustomer(t);
    expect(
      (await c.post('/api/formations', { formationType: 'assisted', phoneNumber: '+90 532 000 00 00' })).status,
    ).toBe(201);
    expect(await sentBody(c)).toBe(await referenceBody(id));
    const { c: done, id: doneId } = await completedCustomer();
    expect(await sentBody(done)).toBe(await referenceBody(doneId));
  });

  it('is the same bytes with an EIN application, its files and number, and the finished company', async () => {
    const { c, id } = await applicant();
    const body = await sentBody(c);
    expect(JSON.parse(body).einApplication).not.toBeNull();
    expect(body).toBe(await referenceBody(id));

    await db()
      .update(einApplications)
      .set({
        einStatus: 'ein_issued',
        uploadedSs4Key: `ss4/${id}_prepared.pdf`,
        uploadedSignedSs4Key: `ss4/${id}_signed.pdf`,
        uploadedEinDocumentKey: `ein/${id}_letter.pdf`,
        ein: '123456789',
      })
      .where(eq(einApplications.userId, id));
    await db()
      .update(companyFormations)
      .set({ formationStatus: 'process_completed', formedOn: '2026-01-02', stateFileNumber: 'WY-1' })
      .where(eq(companyFormations.userId, id));
    await db().insert(bankAccountFeedback).values({ userId: id, completed: true, feedbackText: 'ok' });
    const finished = await sentBody(c);
    expect(JSON.parse(finished).guidesDone).toEqual({ bankAccount: true, businessAddress: false });
    expect(JSON.parse(finished).einApplication.ein).toBe('12-3456789');
    expect(finished).toBe(await referenceBody(id));
  });
});
