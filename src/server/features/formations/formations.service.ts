import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isUsState } from '../../../shared/catalogue/states';
import type { Actor } from '../../../shared/domain/roles';
import { type FormationStatus, formationStage } from '../../../shared/features/formations/formation.domain';
import { canTransitionFormation } from '../../../shared/features/formations/formation-transitions.domain';
import type { guideCompletionSchema, onboardingSchema } from '../../../shared/features/formations/formations.schemas';
import type { Db } from '../../db/client';
import { companyFormations, formationFeedback, userProfiles } from '../../db/schema';
import { type DbOrTx, isUniqueViolation } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { notifyStageChange, recordStageReached } from '../timeline';

export type FormationRow = typeof companyFormations.$inferSelect;

/** The API shape of a company_formations row. */
export function toFormation(row: FormationRow) {
  return {
    id: row.id,
    companyFormationPreference: row.companyFormationPreference,
    phoneNumber: row.phoneNumber,
    businessMotivation: row.businessMotivation,
    businessAddressPreference: row.businessAddressPreference,
    formationStatus: row.formationStatus,
    stage: formationStage(row.formationStatus),
    paymentStatus: row.paymentStatus,
    businessName: row.businessName,
    stateSelected: row.stateSelected,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    formedOn: row.formedOn,
    stateFileNumber: row.stateFileNumber,
  };
}

export async function findFormationByUser(db: DbOrTx, userId: string): Promise<FormationRow | null> {
  const [row] = await db.select().from(companyFormations).where(eq(companyFormations.userId, userId)).limit(1);
  return row ?? null;
}

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * Onboarding's submit (product.md#services-and-payment-pages, product.md#data-the-portal-keeps): the user's one company_formations row, the mirrored profile
 * fields and an audit row, all or nothing. A second create, even a concurrent one, hits the unique
 * user_id and becomes FORMATION_EXISTS.
 */
export async function createFormation(
  db: Db,
  user: { id: string; email: string; name: string },
  input: z.output<typeof onboardingSchema>,
): Promise<FormationRow> {
  const assisted = input.formationType === 'assisted';
  const preference = assisted ? ('service' as const) : ('self' as const);
  const values = {
    userId: user.id,
    companyFormationPreference: preference,
    phoneNumber: assisted ? blankToNull(input.phoneNumber) : null,
    businessMotivation: blankToNull(input.businessMotivation),
    businessAddressPreference: assisted
      ? null
      : input.addressPreference === 'private'
        ? ('private_address' as const)
        : ('shared_address' as const),
    formationStatus: 'preparation' as const,
  };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(companyFormations).values(values).returning();
      await recordStageReached(tx, { userId: user.id, kind: 'formation', stage: 'preparation' });
      const now = new Date();
      await tx
        .insert(userProfiles)
        .values({
          id: user.id,
          email: user.email,
          displayName: user.name,
          formationPreference: preference,
          formationStatus: 'preparation',
        })
        .onConflictDoUpdate({
          target: userProfiles.id,
          set: { formationPreference: preference, formationStatus: 'preparation', updatedAt: now },
        });
      await recordAudit(tx, {
        actorId: user.id,
        actorRole: 'customer',
        action: 'formation.created',
        entityType: 'company_formation',
        entityId: row.id,
        subjectUserId: user.id,
        after: {
          companyFormationPreference: row.companyFormationPreference,
          businessAddressPreference: row.businessAddressPreference,
          formationStatus: row.formationStatus,
        },
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('FORMATION_EXISTS');
    throw err;
  }
}

export interface StatusChange {
  formationId: string;
  from: FormationStatus;
  to: FormationStatus;
  /** Whose rule applies (product.md#formation-states): the customer's guide answer, the system's EIN steps, an admin. */
  actor: Actor;
  /** Who caused it, for the audit row (the customer for a system step they triggered). */
  actorId: string | null;
  actorRole: Actor;
  /** Other columns set with the status (e.g. stateSelected); also recorded in the audit row. */
  extra?: Partial<Pick<typeof companyFormations.$inferInsert, 'stateSelected' | 'businessName' | 'paymentStatus'>>;
}

/**
 * The one place a formation's status changes. Refuses a move the actor may not make, and a move from
 * a status the row no longer has (a concurrent change), with INVALID_TRANSITION. Mirrors the status
 * on user_profiles and writes the audit row. Run it inside the caller's transaction so a refusal
 * leaves nothing behind, and call notifyStageChange (features/notices) in the same transaction: the
 * customer's mail is the caller's, because some moves (the EIN submit) are told by another notice.
 */
export async function changeFormationStatus(tx: DbOrTx, change: StatusChange): Promise<FormationRow> {
  const { formationId, from, to, extra = {} } = change;
  if (!canTransitionFormation(change.actor, from, to)) throw new ApiError('INVALID_TRANSITION');
  const [row] = await tx
    .update(companyFormations)
    .set({ ...extra, formationStatus: to, updatedAt: new Date() })
    .where(and(eq(companyFormations.id, formationId), eq(companyFormations.formationStatus, from)))
    .returning();
  if (!row) throw new ApiError('INVALID_TRANSITION');
  await tx
    .update(userProfiles)
    .set({ formationStatus: to, updatedAt: new Date() })
    .where(eq(userProfiles.id, row.userId));
  await recordAudit(tx, {
    actorId: change.actorId,
    actorRole: change.actorRole,
    action: 'formation.status_changed',
    entityType: 'company_formation',
    entityId: row.id,
    subjectUserId: row.userId,
    before: { formationStatus: from },
    after: { formationStatus: to, ...extra },
  });
  return row;
}

/**
 * The formation guide's last step (also the feedback screen): always a formation_feedback row; a
 * "yes" also moves preparation → formation_completed and stores the chosen state. A refused move
 * rolls back the feedback row too.
 */
export async function completeGuide(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'env'>,
  userId: string,
  input: z.output<typeof guideCompletionSchema>,
): Promise<FormationRow> {
  const completed = await deps.database.db.transaction(async (tx) => {
    const [formation] = await tx
      .select()
      .from(companyFormations)
      .where(eq(companyFormations.userId, userId))
      .limit(1)
      .for('update');
    if (!formation) throw new ApiError('NOT_FOUND');
    const state = isUsState(input.state) ? input.state : null;
    let row = formation;
    if (input.isFormationComplete) {
      row = await changeFormationStatus(tx, {
        formationId: formation.id,
        from: formation.formationStatus,
        to: 'formation_completed',
        actor: 'customer',
        actorId: userId,
        actorRole: 'customer',
        extra: { stateSelected: state },
      });
      await notifyStageChange(deps, tx, {
        userId,
        kind: 'formation',
        from: formation.formationStatus,
        to: 'formation_completed',
      });
    }
    await tx.insert(formationFeedback).values({
      userId,
      isFormationComplete: input.isFormationComplete,
      state,
      difficulties: blankToNull(input.difficulties),
      issues: blankToNull(input.issues),
      reason: blankToNull(input.reason),
    });
    return row;
  });
  deps.mailer.kick();
  return completed;
}
