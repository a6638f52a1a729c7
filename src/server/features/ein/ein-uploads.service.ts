import { and, eq } from 'drizzle-orm';
import type { ActingPerson } from '../../../shared/domain/roles';
import type { ApiErrorCode } from '../../../shared/errors';
import { canUploadEinFile, EIN_UPLOAD_RULES, type EinUpload } from '../../../shared/features/ein/ein.domain';
import { documents, einApplications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import type { StorageFolder } from '../../platform/storage/keys';
import { discardFiles, putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { storeDocumentRow } from '../documents';
import { notifyStageChange } from '../timeline';
import type { EinRow } from './ein.mapper';
import { completeFormation, documentValues } from './ein.service';
import { einForIssue } from './ein-number.service';

/** Where each EIN upload goes and what it records (product.md#data-the-portal-keeps, product.md#api-at-a-glance). */
const UPLOADS = {
  // The SS-4, prepared or signed, prints the responsible party's SSN (decision 0066); the IRS's EIN letter does not.
  preparedSs4: { column: 'uploadedSs4Key', folder: 'ss4', category: 'ss4', uploadedBy: 'admin', holdsTaxId: true },
  signedSs4: {
    column: 'uploadedSignedSs4Key',
    folder: 'signed_ss4',
    category: 'ss4',
    uploadedBy: 'user',
    holdsTaxId: true,
  },
  einDocument: {
    column: 'uploadedEinDocumentKey',
    folder: 'ein',
    category: 'ein',
    uploadedBy: 'admin',
    holdsTaxId: false,
  },
} as const satisfies Record<
  EinUpload,
  {
    column: 'uploadedSs4Key' | 'uploadedSignedSs4Key' | 'uploadedEinDocumentKey';
    folder: StorageFolder;
    category: 'ss4' | 'ein';
    uploadedBy: 'user' | 'admin';
    holdsTaxId: boolean;
  }
>;

/**
 * The checks an upload must pass, run before the body is read and again on the locked row inside
 * the transaction (where a concurrent change is caught).
 */
export function uploadRefusal(upload: EinUpload, row: EinRow): ApiErrorCode | null {
  if (upload === 'signedSs4' && !row.uploadedSs4Key) return 'SS4_NOT_AVAILABLE';
  if (!canUploadEinFile(upload, row.einStatus)) return 'INVALID_TRANSITION';
  return null;
}

/**
 * One of the three EIN uploads (the admin's prepared SS-4, the customer's signed SS-4, the admin's
 * EIN document). Stores the file, then in one transaction: sets the key and the status (only if the
 * status is still the one checked), replaces the previous file's documents row, adds the new one,
 * audits, moves the formation on and queues the mail. The replaced file is removed after commit.
 */
export async function recordEinUpload(
  deps: AppDeps,
  actor: ActingPerson,
  current: EinRow,
  upload: EinUpload,
  file: UploadedFile,
  /** The EIN staff typed with the EIN document; required unless already stored. */
  sentEin?: string | null,
): Promise<EinRow> {
  const spec = UPLOADS[upload];
  // Checked before the file is stored: a missing or mistyped number leaves nothing behind.
  if (upload === 'einDocument') einForIssue(sentEin, current);
  const notFound: ApiErrorCode = actor.role === 'admin' ? 'NOT_FOUND' : 'EIN_APPLICATION_REQUIRED';
  const key = await putNewFile(deps.storage, {
    folder: spec.folder,
    userId: current.userId,
    kind: file.kind,
    data: file.data,
    contentType: file.contentType,
  });
  try {
    const { row, previousKey } = await deps.database.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(einApplications)
        .where(eq(einApplications.id, current.id))
        .limit(1)
        .for('update');
      if (!locked) throw new ApiError(notFound);
      const refusal = uploadRefusal(upload, locked);
      if (refusal) throw new ApiError(refusal);
      const from = locked.einStatus;
      const to = EIN_UPLOAD_RULES[upload].sets;
      const previous = locked[spec.column];
      const ein = upload === 'einDocument' ? einForIssue(sentEin, locked) : locked.ein;
      const [updated] = await tx
        .update(einApplications)
        .set({ [spec.column]: key, einStatus: to, ein, updatedAt: new Date() })
        .where(and(eq(einApplications.id, current.id), eq(einApplications.einStatus, from)))
        .returning();
      if (!updated) throw new ApiError('INVALID_TRANSITION');
      if (previous) {
        // A replaced form must not stay in the customer's vault next to the one that counts.
        await tx.delete(documents).where(and(eq(documents.userId, updated.userId), eq(documents.filePath, previous)));
      }
      await storeDocumentRow(
        tx,
        documentValues(updated.userId, key, spec.category, spec.uploadedBy, file, spec.holdsTaxId),
      );
      await recordAudit(tx, {
        actorId: actor.id,
        actorRole: actor.role,
        action: 'ein.file_uploaded',
        entityType: 'ein_application',
        entityId: updated.id,
        subjectUserId: updated.userId,
        before: { einStatus: from, file: previous, ...(ein !== locked.ein ? { ein: locked.ein } : {}) },
        after: { einStatus: to, file: key, upload, ...(ein !== locked.ein ? { ein } : {}) },
      });
      await notifyStageChange(deps, tx, {
        userId: updated.userId,
        kind: 'ein',
        from,
        to,
        // A first prepared SS-4 at ss4_ready (advanced without it) is when the form becomes ready to sign.
        preparedSs4: { before: Boolean(locked.uploadedSs4Key), after: Boolean(updated.uploadedSs4Key) },
        ein: updated.ein,
      });
      if (upload === 'einDocument') await completeFormation(tx, updated.userId, actor);
      return { row: updated, previousKey: previous };
    });
    deps.mailer.kick();
    if (previousKey && previousKey !== key) await discardFiles(deps, [previousKey]);
    return row;
  } catch (err) {
    await discardFiles(deps, [key]);
    throw err;
  }
}
