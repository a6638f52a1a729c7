import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/support/test-app';
import { deadlinesFor } from '../../../shared/catalogue/compliance';
import { complianceItemKey } from '../../../shared/features/compliance/compliance.schemas';
import { todayUtc } from '../../../shared/format/dates';
import { companyFormations, complianceMarks } from '../../db/schema';
import { regenerateFeed } from './calendar-feed.service';

const FORMED_ON = '2024-03-01';

/**
 * For the authorization matrix: records `userId`'s formation (state already chosen) as formed, and
 * returns the key of one of their real items today; with `marked`, that item is marked done as well.
 */
export async function complianceItemOf(t: TestApp, userId: string, opts: { marked?: boolean } = {}): Promise<string> {
  const db = t.deps.database.db;
  const [row] = await db
    .update(companyFormations)
    .set({ formedOn: FORMED_ON })
    .where(eq(companyFormations.userId, userId))
    .returning({ state: companyFormations.stateSelected });
  if (!row?.state) throw new Error('complianceItemOf: the customer needs a formation with a state');
  const [item] = deadlinesFor({ state: row.state, formationDate: FORMED_ON, today: todayUtc() });
  const key = complianceItemKey(item.ruleId, item.dueDate);
  if (opts.marked) await db.insert(complianceMarks).values({ userId, itemKey: key }).onConflictDoNothing();
  return key;
}

/** A fresh calendar feed token of `userId` (the part of the URL between /calendar/ and .ics). */
export async function calendarTokenOf(t: TestApp, userId: string): Promise<string> {
  const url = await regenerateFeed(t.deps, userId);
  return url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
}
