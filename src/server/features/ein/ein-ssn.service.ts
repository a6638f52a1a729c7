import type { ActingPerson } from '../../../shared/domain/roles';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { decryptField, encryptField } from '../../platform/crypto/field-encryption';
import { ApiError } from '../../platform/http/errors';
import type { EinRow } from './ein.mapper';
import { findApplicationById } from './ein.service';

/** The SSN ciphertext is bound to its owner, so a value copied into another user's row does not decrypt. */
function ssnContext(userId: string): string {
  return `ein_applications.responsible_party_ssn:${userId}`;
}

/** The SSN as stored: encrypted under the server's key and bound to its owner. */
export function encryptSsn(digits: string, keyHex: string, userId: string): string {
  return encryptField(digits, keyHex, ssnContext(userId));
}

/** 123456789 → 123-45-6789, the way the IRS form writes it. */
export function formatSsn(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** The clear SSN for an admin filling in the SS-4. Every reveal leaves an audit row, even of "no SSN". */
export async function revealSsn(deps: AppDeps, admin: ActingPerson, id: string): Promise<string | null> {
  const row = await findApplicationById(deps.database.db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  const digits = decryptStoredSsn(row, deps.encryptionKey);
  const ssn = digits ? formatSsn(digits) : null;
  await recordAudit(deps.database.db, {
    actorId: admin.id,
    actorRole: admin.role,
    action: 'ein.ssn_revealed',
    entityType: 'ein_application',
    entityId: row.id,
    subjectUserId: row.userId,
    before: { einStatus: row.einStatus },
    after: { einStatus: row.einStatus, hadSsn: ssn !== null },
  });
  return ssn;
}

/** For tests and tooling that must read a stored SSN back the way the reveal does. */
export function decryptStoredSsn(row: Pick<EinRow, 'responsiblePartySsnEncrypted' | 'userId'>, keyHex: string) {
  return row.responsiblePartySsnEncrypted
    ? decryptField(row.responsiblePartySsnEncrypted, keyHex, ssnContext(row.userId))
    : null;
}
