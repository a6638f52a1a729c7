import { eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ADDRESS_OPTIONS, PACKAGE_IDS } from '../../../shared/catalogue/packages';
import type { formationServiceDraftSchema } from '../../../shared/features/formations/formations.schemas';
import type { Db } from '../../db/client';
import { formationServiceRequests, orders } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/http/context';
import { ApiError } from '../../platform/http/errors';
import { findFormationByUser } from '../formations';

export type DraftRow = typeof formationServiceRequests.$inferSelect;
export type DraftInput = z.output<typeof formationServiceDraftSchema>;

const STATE_TYPES = ['recommended', 'other'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The API shape of the wizard's draft. */
export function toDraft(row: DraftRow) {
  return {
    packageSelected: oneOf(PACKAGE_IDS, row.packageSelected),
    stateType: oneOf(STATE_TYPES, row.stateType),
    stateSelected: row.stateSelected,
    businessAddress: oneOf(ADDRESS_OPTIONS, row.businessAddress),
    documentsReady: row.documentsReady,
    paymentStatus: row.paymentStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The wizard belongs to users who finished onboarding: FORMATION_REQUIRED otherwise. */
export async function requireFormation(db: Db, userId: string) {
  const formation = await findFormationByUser(db, userId);
  if (!formation) throw new ApiError('FORMATION_REQUIRED');
  return formation;
}

export async function findDraft(db: Db, userId: string): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(formationServiceRequests)
    .where(eq(formationServiceRequests.userId, userId))
    .limit(1);
  return row ?? null;
}

const DRAFT_FIELDS = ['packageSelected', 'stateType', 'stateSelected', 'businessAddress'] as const;

/** A bought request (decision 0032), or one marked paid before the request named its order. */
export function isBought(row: Pick<DraftRow, 'paidOrderId' | 'paymentStatus'> | null): boolean {
  return Boolean(row && (row.paidOrderId || row.paymentStatus === 'paid'));
}

/**
 * Saves the draft (product.md#other-states: updated if one exists for the user, else inserted). A field left out keeps
 * its saved value; null clears it; documents_ready is false on every save. A bought request is not
 * changed (TURNKEY_REQUEST_PAID): what it bought is its order's. The row is locked while the change and
 * its audit row ('formation_service.draft_saved', the changed fields before and after) are written;
 * the upsert's own condition keeps a request bought meanwhile unchanged too.
 */
export async function saveDraft(db: Db, user: Pick<SessionUser, 'id' | 'role'>, input: DraftInput): Promise<DraftRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(formationServiceRequests)
      .where(eq(formationServiceRequests.userId, user.id))
      .for('update');
    if (isBought(before ?? null)) throw new ApiError('TURNKEY_REQUEST_PAID');
    const now = new Date();
    const fields = {
      packageSelected: input.packageSelected,
      stateType: input.stateType,
      stateSelected: input.stateSelected,
      businessAddress: input.businessAddress,
    };
    const [row] = await tx
      .insert(formationServiceRequests)
      .values({
        userId: user.id,
        packageSelected: fields.packageSelected ?? null,
        stateType: fields.stateType ?? null,
        stateSelected: fields.stateSelected ?? null,
        businessAddress: fields.businessAddress ?? null,
        documentsReady: false,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: formationServiceRequests.userId,
        set: {
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
          documentsReady: false,
          updatedAt: now,
        },
        where: isNull(formationServiceRequests.paidOrderId),
      })
      .returning();
    if (!row) throw new ApiError('TURNKEY_REQUEST_PAID');
    const changed = DRAFT_FIELDS.filter((f) => (before?.[f] ?? null) !== row[f]);
    if (!before || changed.length > 0) {
      await recordAudit(tx, {
        actorId: user.id,
        actorRole: user.role,
        action: 'formation_service.draft_saved',
        entityType: 'formation_service_request',
        entityId: row.id,
        subjectUserId: user.id,
        before: before ? Object.fromEntries(changed.map((f) => [f, before[f]])) : null,
        after: Object.fromEntries((before ? changed : DRAFT_FIELDS).map((f) => [f, row[f]])),
      });
    }
    return row;
  });
}

/** What the request bought: its paid order's package, address, amount and date; null until bought. */
export async function findPurchase(db: Db, row: DraftRow | null) {
  if (!row?.paidOrderId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.paidOrderId)).limit(1);
  if (!order) return null;
  return {
    orderId: order.id,
    packageId: oneOf(PACKAGE_IDS, order.packageId),
    addressOption: oneOf(ADDRESS_OPTIONS, order.addressOption),
    amountCents: order.amountCents,
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
