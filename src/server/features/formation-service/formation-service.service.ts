import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ADDRESS_OPTIONS, PACKAGE_IDS } from '../../../shared/catalogue/packages';
import type { formationServiceDraftSchema } from '../../../shared/schemas/formation';
import type { Db } from '../../db/client';
import { formationServiceRequests } from '../../db/schema';
import { ApiError } from '../../platform/http/errors';
import { findFormationByUser } from '../formations/formations.service';

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

/**
 * Saves the draft (SPEC §4: updated if one exists for the user, else inserted) in one statement, so
 * concurrent saves never make a second row. A field left out keeps its saved value; null clears it.
 * documents_ready is false on every save.
 */
export async function saveDraft(db: Db, userId: string, input: DraftInput): Promise<DraftRow> {
  const now = new Date();
  const fields = {
    packageSelected: input.packageSelected,
    stateType: input.stateType,
    stateSelected: input.stateSelected,
    businessAddress: input.businessAddress,
  };
  const [row] = await db
    .insert(formationServiceRequests)
    .values({
      userId,
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
    })
    .returning();
  return row;
}
