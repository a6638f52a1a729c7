import { eq } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import type { ActingPerson } from '../../../shared/domain/roles';
import type { Db } from '../../db/client';
import { einApplications } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import type { EinRow } from './ein.mapper';

/** What a desk change writes on the locked row, and the audit's two sides (the status is added to both). */
export interface EinRowChange {
  set: Partial<typeof einApplications.$inferInsert>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * A staff change to one field of an application: lock the row (404 when there is none), let `change`
 * check it and say what to write (null: nothing to do), write it and audit it, in one transaction.
 */
export async function changeApplicationRow(
  db: Db,
  admin: ActingPerson,
  id: string,
  action: string,
  change: (row: EinRow) => EinRowChange | null,
): Promise<EinRow> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(einApplications).where(eq(einApplications.id, id)).limit(1).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    const planned = change(row);
    if (!planned) return row;
    const [updated] = await tx
      .update(einApplications)
      .set({ ...planned.set, updatedAt: new Date() })
      .where(eq(einApplications.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action,
      entityType: 'ein_application',
      entityId: id,
      subjectUserId: row.userId,
      before: { einStatus: row.einStatus, ...planned.before },
      after: { einStatus: updated.einStatus, ...planned.after },
    });
    return updated;
  });
}
