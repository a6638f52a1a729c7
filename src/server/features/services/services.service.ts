import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../../shared/domain/ids';
import type { MailroomItem } from '../../../shared/features/mail/mail.domain';
import type {
  adminServiceListQuerySchema,
  serviceInputSchema,
  serviceUpdateSchema,
} from '../../../shared/features/services/services.schemas';
import type { Db } from '../../db/client';
import { orders, services } from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx } from '../../db/tx';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceCreate = z.output<typeof serviceInputSchema>;
export type ServiceUpdate = z.output<typeof serviceUpdateSchema>;

/** What customers see of a service. */
export function toServiceView(row: ServiceRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    titleEn: row.titleEn,
    descriptionEn: row.descriptionEn,
    priceCents: row.priceCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminServiceView(row: ServiceRow, orderCount: number) {
  return {
    ...toServiceView(row),
    stripePriceId: row.stripePriceId,
    isActive: row.isActive,
    complianceRules: row.complianceRules,
    mailroomItem: row.mailroomItem,
    orderCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What the catalogue sells on its own: an active service that is not a mailroom item. A forwarding band or
 * the extra scan is bought only for a letter, through the mailroom (decisions 0089, 0099): bought alone it
 * would pay for nothing.
 */
const onSaleAlone = and(eq(services.isActive, true), isNull(services.mailroomItem));

/** product.md#api-at-a-glance: active services, oldest first. */
export function listActiveServices(db: Db): Promise<ServiceRow[]> {
  return db.select().from(services).where(onSaleAlone).orderBy(asc(services.createdAt), asc(services.id));
}

/**
 * One service on sale alone; null for an unknown, inactive, mailroom or malformed id (the customer cannot
 * tell them apart).
 */
export async function findActiveService(db: DbOrTx, id: string): Promise<ServiceRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), onSaleAlone))
    .limit(1);
  return row ?? null;
}

/**
 * The service that prices a mailroom item (decision 0089): the oldest active one naming it, so a second
 * one made by mistake changes nothing until the first is switched off. Null: the item is not on sale.
 */
export async function mailroomService(db: DbOrTx, item: MailroomItem): Promise<ServiceRow | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.mailroomItem, item), eq(services.isActive, true)))
    .orderBy(asc(services.createdAt), asc(services.id))
    .limit(1);
  return row ?? null;
}

const orderCountOf = (db: DbOrTx) =>
  db
    .select({ serviceId: orders.serviceId, n: count().as('n') })
    .from(orders)
    .groupBy(orders.serviceId)
    .as('oc');

/** product.md#api-at-a-glance admin list: every service, newest first, with how many orders each has; searched in SQL. */
export async function listAdminServices(db: Db, query: z.output<typeof adminServiceListQuerySchema>) {
  const conditions: SQL[] = [];
  if (query.q)
    conditions.push(
      foldedContains([services.title, services.description, services.titleEn, services.descriptionEn], query.q),
    );
  if (query.status !== 'all') conditions.push(eq(services.isActive, query.status === 'active'));
  const oc = orderCountOf(db);
  const rows = await db
    .select({ service: services, orderCount: oc.n })
    .from(services)
    .leftJoin(oc, eq(oc.serviceId, services.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(services.createdAt), desc(services.id));
  return rows.map((r) => toAdminServiceView(r.service, Number(r.orderCount ?? 0)));
}

export async function findAdminService(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  if (!row) return null;
  const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.serviceId, id));
  return { row, orderCount: Number(n) };
}

export async function createService(db: Db, input: ServiceCreate): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({
      title: input.title,
      description: input.description,
      titleEn: input.titleEn,
      descriptionEn: input.descriptionEn,
      priceCents: input.priceCents,
      stripePriceId: input.stripePriceId,
      isActive: input.isActive,
      complianceRules: input.complianceRules ?? [],
      mailroomItem: input.mailroomItem ?? null,
    })
    .returning();
  return row;
}

/** Applies the fields present in `input`; null when the service does not exist. */
export async function updateService(db: DbOrTx, id: string, input: ServiceUpdate): Promise<ServiceRow | null> {
  if (!isUuid(id)) return null;
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(services)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning();
  return row ?? null;
}

/**
 * Deletes a service, unless orders point at it: their receipts and the admin's order history need it,
 * so it is deactivated instead (the rule). The row is locked first so that a purchase cannot
 * slip an order in between the count and the delete.
 */
export async function deleteOrDeactivateService(
  db: Db,
  id: string,
): Promise<{ outcome: 'deleted' | 'deactivated'; before: ServiceRow } | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(services).where(eq(services.id, id)).for('update').limit(1);
    if (!row) return null;
    const [{ n }] = await tx.select({ n: count() }).from(orders).where(eq(orders.serviceId, id));
    if (Number(n) > 0) {
      await tx.update(services).set({ isActive: false, updatedAt: new Date() }).where(eq(services.id, id));
      return { outcome: 'deactivated' as const, before: row };
    }
    await tx.delete(services).where(eq(services.id, id));
    return { outcome: 'deleted' as const, before: row };
  });
}
