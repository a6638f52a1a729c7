import type { MyFormation } from '../../../shared/features/formations/formations.contracts';
import type { AppDeps } from '../../deps';
import { serverNow } from '../../platform/clock';
import { customerFollowUps, toEinSummary } from '../ein';
import { loadGuidesDone, toFormation } from '../formations';
import { loadMyTimelines } from '../timeline';
import { readDashboardRecords } from './dashboard-read.service';

/**
 * The customer's formation as the dashboard shows it (`GET /api/formations/me`, and the dashboard's
 * HTML, decision 0060), or null before onboarding made one.
 */
export async function myFormation(
  deps: Pick<AppDeps, 'database' | 'env'>,
  userId: string,
): Promise<MyFormation | null> {
  const { db } = deps.database;
  const records = await readDashboardRecords(db, userId);
  if (!records) return null;
  const { formation: row, ein } = records;
  const timeline = await loadMyTimelines(db, row, ein);
  // Decision 0050: the EIN timeline's follow-ups with the IRS, which exist only from submitted_to_irs on.
  if (timeline.ein && ein?.einStatus === 'submitted_to_irs') {
    timeline.ein = { ...timeline.ein, followUps: await customerFollowUps(db, userId) };
  }
  // Only the finished company's card uses it: the feedback tables have no user_id index yet.
  const guidesDone = row.formationStatus === 'process_completed' ? await loadGuidesDone(db, userId) : null;
  return {
    formation: toFormation(row),
    einApplication: ein ? toEinSummary(ein, { now: serverNow(deps.env), days: deps.env.RETENTION_SSN_DAYS }) : null,
    timeline,
    guidesDone,
  };
}
