import { and, desc, eq } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import type { AdminOrderView, OrderView } from '../../../shared/features/payments/payments.contracts';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';

export type OrderRow = typeof orders.$inferSelect;

/** What a customer sees of an order. */
export function toOrderView(row: OrderRow): OrderView {
  return {
    id: row.id,
    kind: row.kind,
    serviceId: row.serviceId,
    packageId: row.packageId as 'formation_only' | 'formation_with_payment' | null,
    addressOption: row.addressOption as 'shared_address' | 'private_address' | null,
    title: row.title,
    titleEn: row.titleEn,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    replaced: row.supersededBy !== null,
    flag: row.flag,
  };
}

/** What an admin sees: the provider's ids too, to find the payment in Stripe's dashboard. */
export function toAdminOrderView(row: OrderRow): AdminOrderView {
  return {
    ...toOrderView(row),
    provider: row.provider,
    providerSessionId: row.providerSessionId,
    providerPaymentId: row.providerPaymentId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listUserOrders(db: Db, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

/** The buyer's order behind a checkout session; null for anybody else's. */
export async function findUserOrderBySession(db: Db, userId: string, sessionId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}
