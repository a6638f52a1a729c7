import type { z } from 'zod';
import { type einApplicationSchema, normaliseSsn } from '../../../shared/features/ein/ein.schemas';
import { einApplications } from '../../db/schema';
import { isUniqueViolation } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { discardFiles, putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { storeDocumentRows } from '../documents';
import { changeFormationStatus } from '../formations';
import { notifyStageChange, recordStageReached } from '../timeline';
import type { EinRow } from './ein.mapper';
import { documentValues } from './ein.service';
import { encryptSsn } from './ein-ssn.service';

export type EinApplicationInput = z.output<typeof einApplicationSchema>;

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * The EIN wizard's submit (product.md#documents, product.md#ein-states, product.md#uploads). The files are stored first (storage is not part of a
 * database transaction); then the application, its two documents rows, the formation's move to
 * ein_created and the audit rows commit together or not at all, and a failure removes the files.
 */
export async function submitApplication(
  deps: AppDeps,
  user: { id: string },
  formationId: string,
  input: EinApplicationInput,
  files: { articlesOfOrganization: UploadedFile; registeredAgentInvoice: UploadedFile },
): Promise<EinRow> {
  const ssn = input.noSsn ? null : normaliseSsn(input.responsiblePartySsn ?? '');
  const stored: string[] = [];
  try {
    const articlesKey = await putNewFile(deps.storage, {
      folder: 'articles_of_org',
      userId: user.id,
      kind: files.articlesOfOrganization.kind,
      data: files.articlesOfOrganization.data,
      contentType: files.articlesOfOrganization.contentType,
    });
    stored.push(articlesKey);
    const invoiceKey = await putNewFile(deps.storage, {
      folder: 'other',
      userId: user.id,
      kind: files.registeredAgentInvoice.kind,
      data: files.registeredAgentInvoice.data,
      contentType: files.registeredAgentInvoice.contentType,
    });
    stored.push(invoiceKey);

    const created = await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(einApplications)
        .values({
          userId: user.id,
          businessName: input.businessName,
          email: input.email,
          state: input.state,
          businessActivity: input.businessActivity,
          otherActivity: input.businessActivity === 'Other' ? blankToNull(input.otherActivity) : null,
          responsiblePartyName: input.responsiblePartyName,
          responsiblePartyPhone: input.responsiblePartyPhone,
          responsiblePartySsnEncrypted: ssn ? encryptSsn(ssn, deps.encryptionKey, user.id) : null,
          responsiblePartySsnLast4: ssn ? ssn.slice(-4) : null,
          isForeignApplicant: input.noSsn,
          articlesOfOrganizationKey: articlesKey,
          registeredAgentInvoiceKey: invoiceKey,
          status: 'pending',
          einStatus: 'waiting_for_form',
        })
        .returning();
      await recordStageReached(tx, { userId: user.id, kind: 'ein', stage: 'waiting_for_form' });
      await storeDocumentRows(tx, [
        documentValues(user.id, articlesKey, 'articles_of_org', 'user', files.articlesOfOrganization, false),
        documentValues(user.id, invoiceKey, 'other', 'user', files.registeredAgentInvoice, false),
      ]);
      await changeFormationStatus(tx, {
        formationId,
        from: 'formation_completed',
        to: 'ein_created',
        actor: 'system',
        actorId: user.id,
        actorRole: 'customer',
        // A self-service formation learns its company's name here; the dashboard's company card shows it.
        extra: { businessName: input.businessName },
      });
      // The one mail of the submit: the new application's first status is told by this notice.
      await notifyStageChange(deps, tx, {
        userId: user.id,
        kind: 'formation',
        from: 'formation_completed',
        to: 'ein_created',
      });
      await recordAudit(tx, {
        actorId: user.id,
        actorRole: 'customer',
        action: 'ein.created',
        entityType: 'ein_application',
        entityId: row.id,
        subjectUserId: user.id,
        after: {
          status: row.status,
          einStatus: row.einStatus,
          isForeignApplicant: row.isForeignApplicant,
          articlesOfOrganization: articlesKey,
          registeredAgentInvoice: invoiceKey,
        },
      });
      return row;
    });
    deps.mailer.kick();
    return created;
  } catch (err) {
    await discardFiles(deps, stored);
    // A concurrent submit by the same user reached the unique user_id first.
    if (isUniqueViolation(err)) throw new ApiError('EIN_APPLICATION_EXISTS');
    // The formation left formation_completed between our check and the transaction.
    if (err instanceof ApiError && err.code === 'INVALID_TRANSITION') throw new ApiError('FORMATION_NOT_COMPLETED');
    throw err;
  }
}
