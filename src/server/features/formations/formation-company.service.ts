import { eq } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import { companyFormations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { followFormationDate } from '../renewals';
import type { FormationRow } from './formations.service';
import type { AdminActor } from './formations-admin.service';

/**
 * Staff record the day the state approved the filing and its file number. The status is left alone:
 * it stays staff's own choice (PUT …/status), and a date corrected later must not move the process.
 */
export async function setFormationCompany(
  deps: AppDeps,
  admin: AdminActor,
  id: string,
  input: { formedOn: string; stateFileNumber?: string | null },
): Promise<FormationRow> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(companyFormations).where(eq(companyFormations.id, id)).limit(1).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    const next = { formedOn: input.formedOn, stateFileNumber: input.stateFileNumber ?? null };
    if (row.formedOn === next.formedOn && row.stateFileNumber === next.stateFileNumber) return row;
    const [updated] = await tx
      .update(companyFormations)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(companyFormations.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: 'admin',
      action: 'formation.company_set',
      entityType: 'company_formation',
      entityId: id,
      subjectUserId: row.userId,
      before: { formedOn: row.formedOn, stateFileNumber: row.stateFileNumber },
      after: next,
    });
    // The agent subscription's first cycle starts on the formation date: it follows a correction until a
    // renewal has been paid (decision 0057).
    if (row.formedOn && row.formedOn !== next.formedOn) {
      await followFormationDate(
        tx,
        { userId: row.userId, from: row.formedOn, to: next.formedOn, actorId: admin.id },
        serverToday(deps.env),
      );
    }
    return updated;
  });
}
