import type { ActingPerson } from '../../../shared/domain/roles';
import { parseEin } from '../../../shared/features/ein/ein-number.domain';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/http/errors';
import type { EinRow } from './ein.mapper';
import { changeApplicationRow } from './ein-row.service';

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
export async function setEinNumber(deps: AppDeps, admin: ActingPerson, id: string, ein: string): Promise<EinRow> {
  return changeApplicationRow(deps.database.db, admin, id, 'ein.number_set', (row) => {
    if (row.einStatus !== 'ein_issued') throw new ApiError('EIN_NOT_ISSUED');
    if (row.ein === ein) return null;
    return { set: { ein }, before: { ein: row.ein }, after: { ein } };
  });
}
