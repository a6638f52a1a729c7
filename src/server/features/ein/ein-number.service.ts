import { eq } from 'drizzle-orm';
import { parseEin } from '../../../shared/domain/ein-number';
import { einApplications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import type { EinRow } from './ein.mapper';
import type { EinActor } from './ein.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The EIN a change to ein_issued stores: the one sent with it, else the one already on the row. Staff
 * type it in the same form that issues it (advance or EIN-document upload), so an issued application
 * never lacks its number and nobody has to remember a second step.
 */
export function einForIssue(sent: string | null | undefined, row: Pick<EinRow, 'ein'>): string {
  if (sent == null || sent.trim() === '') {
    if (row.ein) return row.ein;
    throw new ApiError('VALIDATION_FAILED', { ein: 'validation.einRequired' });
  }
  const digits = parseEin(sent);
  if (!digits) throw new ApiError('VALIDATION_FAILED', { ein: 'validation.einInvalid' });
  return digits;
}

/**
 * An admin sets or corrects the number of an issued EIN (an application issued before the number was
 * recorded, or a typo). Before issue the number travels with the issuing change instead: a number on an
 * application the IRS has not answered would be shown to nobody and checked by nobody.
 */
export async function setEinNumber(deps: AppDeps, admin: EinActor, id: string, ein: string): Promise<EinRow> {
  if (!UUID.test(id)) throw new ApiError('NOT_FOUND');
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(einApplications).where(eq(einApplications.id, id)).limit(1).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.einStatus !== 'ein_issued') throw new ApiError('EIN_NOT_ISSUED');
    if (row.ein === ein) return row;
    const [updated] = await tx
      .update(einApplications)
      .set({ ein, updatedAt: new Date() })
      .where(eq(einApplications.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'ein.number_set',
      entityType: 'ein_application',
      entityId: id,
      subjectUserId: row.userId,
      before: { einStatus: row.einStatus, ein: row.ein },
      after: { einStatus: updated.einStatus, ein },
    });
    return updated;
  });
}
