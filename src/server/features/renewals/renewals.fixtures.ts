import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/support/test-app';
import { addDays } from '../../../shared/format/calendar-days';
import { companyFormations, renewalTasks, subscriptions } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { syncSubscriptions } from './renewals.service';

/**
 * For the authorization matrix: `userId`'s registered agent subscription (their formation recorded as
 * formed 200 days ago), its id and period end; `cancelled` sets it not to renew, `task` adds an open
 * lapsed-agent task for it.
 */
export async function subscriptionOf(
  t: TestApp,
  userId: string,
  opts: { cancelled?: boolean; task?: boolean } = {},
): Promise<{ id: string; periodEnd: string; taskId: string | null }> {
  const db = t.deps.database.db;
  const today = serverToday(t.deps.env);
  const [formation] = await db
    .update(companyFormations)
    // A turnkey customer's: only then is the agent ours, with a subscription (decision 0074).
    .set({ formedOn: addDays(today, -200), paymentStatus: 'paid' })
    .where(eq(companyFormations.userId, userId))
    .returning({ id: companyFormations.id });
  if (!formation) throw new Error('subscriptionOf: the customer needs a formation');
  await syncSubscriptions(db, today, userId);
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.product, 'registered_agent')));
  if (opts.cancelled) {
    await db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(subscriptions.id, row.id));
  }
  let taskId: string | null = null;
  if (opts.task) {
    const [task] = await db
      .insert(renewalTasks)
      .values({ subscriptionId: row.id, userId, periodEnd: addDays(today, -15) })
      // Open again if a cell before closed it: every cell finds an open task.
      .onConflictDoUpdate({
        target: [renewalTasks.subscriptionId, renewalTasks.periodEnd],
        set: { doneOn: null, note: null, doneBy: null },
      })
      .returning({ id: renewalTasks.id });
    taskId = task?.id ?? null;
  }
  return { id: row.id, periodEnd: row.periodEnd, taskId };
}
