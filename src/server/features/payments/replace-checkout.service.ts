import { and, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { actOnSession, moneyIsIn } from './fulfil.service';
import type { OrderRow } from './orders.service';

/**
 * Decision 0032: one turnkey request has one open checkout. A newer package order cancels every older
 * pending one of the same customer: first at the provider (so that it can no longer be paid), then
 * here, naming the newer order so that the older one's success page can say why. Only orders older
 * than `newer` are touched, so two checkouts opened at once leave the newest open, not neither.
 *
 * When the provider says an older one was paid meanwhile, that payment buys the request (through the
 * one fulfil path) and the newer checkout is refused with ALREADY_PAID.
 */
export async function replaceOlderCheckouts(deps: AppDeps, newer: OrderRow): Promise<void> {
  const { db } = deps.database;
  const older = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, newer.userId),
        eq(orders.kind, 'formation_package'),
        eq(orders.status, 'pending'),
        sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from orders o where o.id = ${newer.id})`,
      ),
    );
  for (const order of older) {
    if (order.providerSessionId) {
      let session: Awaited<ReturnType<AppDeps['payments']['expireCheckout']>>;
      try {
        session = await deps.payments.expireCheckout(order.providerSessionId);
      } catch (err) {
        deps.logger.error({ err, orderId: order.id }, 'could not expire a replaced checkout');
        throw new ApiError('PAYMENT_PROVIDER_FAILED');
      }
      if (moneyIsIn(session)) {
        await actOnSession(deps, order.id, session, 'checkout_replaced');
        throw new ApiError('ALREADY_PAID');
      }
    }
    await db.transaction(async (tx) => {
      const [replaced] = await tx
        .update(orders)
        .set({ status: 'cancelled', supersededBy: newer.id, updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning();
      if (!replaced) return;
      await recordAudit(tx, {
        actorId: newer.userId,
        actorRole: 'customer',
        action: 'order.replaced',
        entityType: 'order',
        entityId: replaced.id,
        subjectUserId: replaced.userId,
        before: { status: 'pending' },
        after: { status: 'cancelled', replacedBy: newer.id },
      });
    });
  }
}
