import { and, eq } from 'drizzle-orm';
import { cleanFileName } from '../../../shared/domain/files';
import type { ActingPerson } from '../../../shared/domain/roles';
import { maskSsn } from '../../../shared/features/ein/ein.domain';
import { companyFormations, einApplications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { discardFiles, putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import type { EinRow } from '../ein';
import { decryptStoredSsn, findApplicationById, formatSsn, recordEinUpload, uploadRefusal } from '../ein';
import { type Ss4Answers, ss4Answers } from './ss4.mapper';
import {
  type FilledSs4,
  fillSs4Template,
  loadSs4Template,
  Ss4AnswerTooLongError,
  type Ss4TemplateStatus,
} from './ss4-template.service';

export function templateStatus(deps: AppDeps): Promise<Ss4TemplateStatus> {
  return loadSs4Template(deps.env.SS4_TEMPLATE_PATH).then((l) => l.status);
}

async function requireApplication(deps: AppDeps, id: string): Promise<EinRow> {
  const row = await findApplicationById(deps.database.db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

async function formationOf(deps: AppDeps, userId: string) {
  const [formation] = await deps.database.db
    .select({ formedOn: companyFormations.formedOn, stateSelected: companyFormations.stateSelected })
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId))
    .limit(1);
  return formation ?? null;
}

/** The answers with `ssn` on line 7b: the clear one for the form, the masked one for the data sheet. */
async function answersFor(deps: AppDeps, row: EinRow, ssn: string | null, today: string): Promise<Ss4Answers> {
  return ss4Answers(
    {
      businessName: row.businessName,
      state: row.state,
      businessActivity: row.businessActivity,
      otherActivity: row.otherActivity,
      responsiblePartyName: row.responsiblePartyName,
      responsiblePartyPhone: row.responsiblePartyPhone,
      responsiblePartySsn: ssn,
    },
    await formationOf(deps, row.userId),
    today,
  );
}

/**
 * Fills the operator's template for one application, without storing anything. The SSN is decrypted
 * here and goes nowhere but into the form. Refuses (SS4_TEMPLATE_UNAVAILABLE) unless the template is
 * there and matches the mapping. Exported so a test can fill once unflattened and read the fields back.
 */
export async function buildSs4(
  deps: AppDeps,
  row: EinRow,
  opts: { flatten?: boolean; today?: string } = {},
): Promise<FilledSs4> {
  const template = await loadSs4Template(deps.env.SS4_TEMPLATE_PATH);
  if (!template.bytes)
    throw new ApiError('SS4_TEMPLATE_UNAVAILABLE', { template: `ss4Generate.reason.${template.status.reason}` });
  const digits = decryptStoredSsn(row, deps.encryptionKey);
  const answers = await answersFor(deps, row, digits ? formatSsn(digits) : null, opts.today ?? serverToday(deps.env));
  try {
    return await fillSs4Template(template.bytes, answers, { flatten: opts.flatten });
  } catch (err) {
    if (err instanceof Ss4AnswerTooLongError) throw new ApiError('SS4_ANSWER_TOO_LONG', { field: err.field });
    throw err;
  }
}

/**
 * "Generate SS-4": fills the template, stores the flattened form in the `ss4` folder and records it as
 * the application's generated draft. The status and the prepared SS-4 stay as they are: staff review
 * the draft, then use it (useGeneratedSs4) or upload their own. A newer draft replaces the older one.
 */
export async function generateSs4(deps: AppDeps, admin: ActingPerson, id: string): Promise<EinRow> {
  const row = await requireApplication(deps, id);
  // Only while a prepared SS-4 may still be uploaded: after the customer signed, a new form is moot.
  const refusal = uploadRefusal('preparedSs4', row);
  if (refusal) throw new ApiError(refusal);
  const { bytes } = await buildSs4(deps, row);
  const key = await putNewFile(deps.storage, {
    folder: 'ss4',
    userId: row.userId,
    kind: 'pdf',
    data: bytes,
    contentType: 'application/pdf',
  });
  try {
    const { updated, previous } = await deps.database.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(einApplications).where(eq(einApplications.id, id)).limit(1).for('update');
      if (!locked) throw new ApiError('NOT_FOUND');
      const again = uploadRefusal('preparedSs4', locked);
      if (again) throw new ApiError(again);
      const [changed] = await tx
        .update(einApplications)
        .set({ generatedSs4Key: key, updatedAt: new Date() })
        .where(eq(einApplications.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: admin.id,
        actorRole: admin.role,
        action: 'ein.ss4_generated',
        entityType: 'ein_application',
        entityId: id,
        subjectUserId: locked.userId,
        before: { einStatus: locked.einStatus, generatedSs4: locked.generatedSs4Key },
        after: { einStatus: changed.einStatus, generatedSs4: key },
      });
      return { updated: changed, previous: locked.generatedSs4Key };
    });
    if (previous && previous !== key) await discardFiles(deps, [previous]);
    return updated;
  } catch (err) {
    await discardFiles(deps, [key]);
    throw err;
  }
}

async function readStored(deps: AppDeps, key: string): Promise<Buffer | null> {
  const file = await deps.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The generated draft's bytes for the desk's review link. */
export async function generatedSs4File(deps: AppDeps, id: string): Promise<{ data: Buffer; fileName: string }> {
  const row = await requireApplication(deps, id);
  const data = row.generatedSs4Key ? await readStored(deps, row.generatedSs4Key) : null;
  if (!data) throw new ApiError('SS4_GENERATED_NOT_AVAILABLE');
  return { data, fileName: generatedFileName(row) };
}

function generatedFileName(row: EinRow): string {
  return cleanFileName(`SS-4 ${row.businessName}.pdf`, 'SS-4.pdf');
}

/**
 * "Use this SS-4": the reviewed draft becomes the prepared SS-4 through the upload's own code path
 * (recordEinUpload): a copy stored in `ss4`, uploaded_ss4_key, ss4_ready, the vault's documents row,
 * its audit row and the customer's mail, exactly as if staff had uploaded the file. Then the draft
 * is cleared and removed.
 */
export async function useGeneratedSs4(deps: AppDeps, admin: ActingPerson, id: string): Promise<EinRow> {
  const row = await requireApplication(deps, id);
  if (!row.generatedSs4Key) throw new ApiError('SS4_GENERATED_NOT_AVAILABLE');
  const refusal = uploadRefusal('preparedSs4', row);
  if (refusal) throw new ApiError(refusal);
  const draftKey = row.generatedSs4Key;
  const data = await readStored(deps, draftKey);
  if (!data) throw new ApiError('SS4_GENERATED_NOT_AVAILABLE');
  const file: UploadedFile = {
    field: 'file',
    fileName: generatedFileName(row),
    kind: 'pdf',
    contentType: 'application/pdf',
    data,
    size: data.length,
  };
  await recordEinUpload(deps, admin, row, 'preparedSs4', file);
  const updated = await deps.database.db.transaction(async (tx) => {
    // Only the draft that was used: a newer one generated meanwhile stays for review.
    const [cleared] = await tx
      .update(einApplications)
      .set({ generatedSs4Key: null })
      .where(and(eq(einApplications.id, id), eq(einApplications.generatedSs4Key, draftKey)))
      .returning();
    const current = cleared ?? (await tx.select().from(einApplications).where(eq(einApplications.id, id)).limit(1))[0];
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'ein.ss4_generated_used',
      entityType: 'ein_application',
      entityId: id,
      subjectUserId: row.userId,
      before: { einStatus: row.einStatus, generatedSs4: draftKey },
      after: { einStatus: current.einStatus, preparedSs4: current.uploadedSs4Key },
    });
    return { current, cleared: Boolean(cleared) };
  });
  if (updated.cleared) await discardFiles(deps, [draftKey]);
  return updated.current;
}

/** The one-page data sheet's inputs: the answers with line 7b masked. */
export async function dataSheetAnswers(deps: AppDeps, id: string, today: string) {
  const row = await requireApplication(deps, id);
  const ssn = row.responsiblePartySsnEncrypted ? (maskSsn(row.responsiblePartySsnLast4) ?? '***-**-****') : null;
  return { row, answers: await answersFor(deps, row, ssn, today) };
}
