import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ActingParty } from '../../../shared/domain/roles';
import type { FilingView } from '../../../shared/features/filings/filings.contracts';
import {
  answersEditable,
  canMoveFiling,
  type FilingStatus,
  SUBMIT_METHODS,
  type SubmitMethod,
  stagesOf,
} from '../../../shared/features/filings/filings.domain';
import {
  checkFilingAnswers,
  type FilingDraft,
  filingDraftSchema,
  isUsTaxId,
} from '../../../shared/features/filings/filings.schemas';
import { TRANSACTION_CATEGORIES } from '../../../shared/features/filings/form-5472.domain';
import { companyFormations, documents, einApplications, filings, users } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { storeThenRecord } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { storeDocumentRow } from '../documents';
import { createCustomerThread, customerReply } from '../support';
import {
  answersWithoutTaxId,
  decryptFilingForeignTaxId,
  foreignTaxIdChange,
  taxIdChange,
} from './filings-tax-id.service';

export type FilingRow = typeof filings.$inferSelect;
export const FILING_ENTITY = 'filing';

const STAGE_COLUMN: Partial<Record<FilingStatus, keyof FilingRow>> = {
  questionnaire_sent: 'sentAt',
  answered: 'answeredAt',
  prepared: 'preparedAt',
  signed: 'signedAt',
  submitted: 'submittedAt',
  done: 'doneAt',
  open: 'createdAt',
};

const STAGE_SET: Partial<Record<FilingStatus, string>> = {
  questionnaire_sent: 'sentAt',
  answered: 'answeredAt',
  prepared: 'preparedAt',
  signed: 'signedAt',
  submitted: 'submittedAt',
  done: 'doneAt',
};

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

export async function findFiling(db: DbOrTx, id: string): Promise<FilingRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(filings).where(eq(filings.id, id)).limit(1);
  return row ?? null;
}

/** The customer's own filing; another's, or none, is NOT_FOUND. */
export async function requireOwnFiling(db: DbOrTx, userId: string, id: string): Promise<FilingRow> {
  const row = await findFiling(db, id);
  if (!row || row.userId !== userId) throw new ApiError('NOT_FOUND');
  return row;
}

async function lockFiling(tx: Tx, id: string): Promise<FilingRow> {
  const [row] = await tx.select().from(filings).where(eq(filings.id, id)).limit(1).for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/**
 * Moves `row` to `to` in `tx`: the stage's date, "waiting since", any `extra` columns and one audit row
 * (filing.stage_changed, which the customer's History shows). A move the filing's kind does not allow
 * is INVALID_TRANSITION and changes nothing.
 */
export async function moveFiling(
  tx: Tx,
  row: FilingRow,
  to: FilingStatus,
  actor: ActingParty,
  extra: Partial<typeof filings.$inferInsert> = {},
): Promise<FilingRow> {
  if (!canMoveFiling(row.kind, row.status, to)) throw new ApiError('INVALID_TRANSITION');
  const now = new Date();
  const stageColumn = STAGE_SET[to];
  const [updated] = await tx
    .update(filings)
    .set({
      ...extra,
      status: to,
      statusSince: now,
      updatedAt: now,
      ...(stageColumn ? { [stageColumn]: now } : {}),
    })
    .where(eq(filings.id, row.id))
    .returning();
  await recordAudit(tx, {
    actorId: actor.id,
    actorRole: actor.role,
    action: 'filing.stage_changed',
    entityType: FILING_ENTITY,
    entityId: row.id,
    subjectUserId: row.userId,
    before: { status: row.status, kind: row.kind, ruleId: row.ruleId, taxYear: row.taxYear },
    after: {
      status: to,
      kind: row.kind,
      ruleId: row.ruleId,
      taxYear: row.taxYear,
      ...(extra.filedOn ? { filedOn: extra.filedOn } : {}),
    },
  });
  return updated;
}

/**
 * A paid "Let us file it" order (decision 0052): the filing of its calendar item, opened for staff (a
 * state report waits as `open`; a Form 5472 opens its questionnaire), or the existing one linked to the
 * order. In the payment's transaction.
 */
export async function openOrderedFiling(
  tx: Tx,
  order: { id: string; userId: string; complianceItemKey: string | null },
): Promise<void> {
  const key = order.complianceItemKey;
  const match = key ? /^([a-z0-9_]+):(\d{4}-\d{2}-\d{2})$/.exec(key) : null;
  if (!key || !match) return;
  const [, ruleId, dueDate] = match;
  const federal = ruleId === 'federal_form_5472';
  const now = new Date();
  const [row] = await tx
    .insert(filings)
    .values({
      userId: order.userId,
      kind: federal ? 'form_5472' : 'state_report',
      ruleId,
      itemKey: key,
      taxYear: Number(dueDate.slice(0, 4)) - (federal ? 1 : 0),
      status: federal ? 'questionnaire_sent' : 'open',
      dueDate,
      sentAt: federal ? now : null,
      orderId: order.id,
    })
    .onConflictDoUpdate({ target: [filings.userId, filings.itemKey], set: { orderId: order.id, updatedAt: now } })
    .returning();
  if (row && row.createdAt.getTime() === row.updatedAt.getTime()) {
    await recordAudit(tx, {
      actorId: null,
      actorRole: 'system',
      action: 'filing.stage_changed',
      entityType: FILING_ENTITY,
      entityId: row.id,
      subjectUserId: order.userId,
      before: null,
      after: { status: row.status, kind: row.kind, ruleId, taxYear: row.taxYear, orderId: order.id },
    });
  }
}

/** What the portal already knows, for the questionnaire's first opening. */
export async function prefilledDraft(db: DbOrTx, userId: string): Promise<FilingDraft> {
  const [[formation], [ein], [user]] = await Promise.all([
    db
      .select({
        businessName: companyFormations.businessName,
        state: companyFormations.stateSelected,
        formedOn: companyFormations.formedOn,
      })
      .from(companyFormations)
      .where(eq(companyFormations.userId, userId))
      .limit(1),
    db
      .select({
        businessName: einApplications.businessName,
        ein: einApplications.ein,
        state: einApplications.state,
        activity: einApplications.businessActivity,
        otherActivity: einApplications.otherActivity,
        responsibleParty: einApplications.responsiblePartyName,
      })
      .from(einApplications)
      .where(eq(einApplications.userId, userId))
      .limit(1),
    db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const activity = ein?.activity === 'Other' ? (ein.otherActivity ?? '') : (ein?.activity ?? '');
  return filingDraftSchema.parse({
    company: {
      name: ein?.businessName ?? formation?.businessName ?? undefined,
      ein: ein?.ein ? `${ein.ein.slice(0, 2)}-${ein.ein.slice(2)}` : undefined,
      country: 'United States',
      formedOn: formation?.formedOn ?? undefined,
      state: formation?.state ?? ein?.state ?? undefined,
      activity: activity || undefined,
    },
    owner: { name: ein?.responsibleParty ?? user?.name ?? undefined },
    transactions: { none: null, amounts: {} },
  });
}

async function documentFiles(db: DbOrTx, rows: FilingRow[]) {
  const ids = rows
    .flatMap((r) => [
      r.form5472DocumentId,
      r.form1120DocumentId,
      r.dataSheetDocumentId,
      r.signedDocumentId,
      r.confirmationDocumentId,
    ])
    .filter((id): id is string => id !== null);
  if (!ids.length) return new Map<string, { fileName: string; url: string; holdsTaxId: boolean }>();
  const found = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      path: documents.filePath,
      holdsTaxId: documents.holdsTaxId,
    })
    .from(documents)
    .where(inArray(documents.id, ids));
  return new Map(
    found.map((d) => [d.id, { fileName: d.fileName, url: `/api/files/${d.path}`, holdsTaxId: d.holdsTaxId }]),
  );
}

export function stagesWithDates(row: FilingRow): FilingView['stages'] {
  return stagesOf(row.kind).map((stage) => {
    const column = STAGE_COLUMN[stage];
    const value = column ? (row[column] as Date | null) : null;
    return { stage, at: value ? value.toISOString() : null };
  });
}

export async function toFilingViews(db: DbOrTx, rows: FilingRow[]): Promise<FilingView[]> {
  const files = await documentFiles(db, rows);
  const file = (id: string | null) => (id ? (files.get(id) ?? null) : null);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      kind: row.kind,
      ruleId: row.ruleId,
      itemKey: row.itemKey,
      taxYear: row.taxYear,
      status: row.status,
      dueDate: row.dueDate,
      extendedOn: row.extendedOn,
      filedOn: row.filedOn,
      submitMethod: row.submitMethod,
      confirmationNumber: row.confirmationNumber,
      stages: stagesWithDates(row),
      files: {
        form5472: file(row.form5472DocumentId),
        form1120: file(row.form1120DocumentId),
        dataSheet: file(row.dataSheetDocumentId),
        signed: file(row.signedDocumentId),
        confirmation: file(row.confirmationDocumentId),
      },
      supportThreadId: row.supportThreadId,
      answers:
        row.kind === 'form_5472'
          ? ((answersWithoutTaxId(row.answers) as Record<string, unknown> | null) ??
            (answersEditable(row.status) ? await prefilledDraft(db, row.userId) : null))
          : null,
      usTaxIdLast4: row.usTaxIdLast4,
      foreignTaxIdLast4: row.foreignTaxIdLast4,
      answersEditable: row.kind === 'form_5472' && answersEditable(row.status),
    })),
  );
}

export async function toFilingView(db: DbOrTx, row: FilingRow): Promise<FilingView> {
  return (await toFilingViews(db, [row]))[0];
}

/** GET /api/filings: the customer's filings, newest tax year first. */
export async function listOwnFilings(db: DbOrTx, userId: string): Promise<FilingView[]> {
  const rows = await db
    .select()
    .from(filings)
    .where(eq(filings.userId, userId))
    .orderBy(desc(filings.taxYear), desc(filings.createdAt));
  return toFilingViews(db, rows);
}

/**
 * Keeps the draft as typed (each field checked for its type and length only; the owner's SSN or ITIN
 * for its form, as it is stored encrypted apart from the answers, decision 0058).
 */
export async function saveDraft(
  deps: Pick<AppDeps, 'database' | 'encryptionKey'>,
  userId: string,
  id: string,
  draft: FilingDraft,
): Promise<FilingRow> {
  // A request without a JSON body arrives unparsed as {}, without the schema's defaults: no owner part.
  const typed = draft.owner?.usTaxId?.trim() ?? '';
  if (typed !== '' && !isUsTaxId(typed)) {
    throw new ApiError('VALIDATION_FAILED', { 'owner.usTaxId': 'filings.validation.usTaxIdInvalid' });
  }
  return deps.database.db.transaction(async (tx) => {
    const row = await requireOwnFiling(tx, userId, id);
    if (row.kind !== 'form_5472' || !answersEditable((await lockFiling(tx, row.id)).status)) {
      throw new ApiError('INVALID_TRANSITION');
    }
    const [updated] = await tx
      .update(filings)
      .set({
        answers: answersWithoutTaxId(draft),
        ...taxIdChange(draft.owner, deps.encryptionKey, userId),
        ...foreignTaxIdChange(draft.owner, deps.encryptionKey, userId),
        updatedAt: new Date(),
      })
      .where(eq(filings.id, id))
      .returning();
    return updated;
  });
}

/**
 * Sends the questionnaire: every field checked (VALIDATION_FAILED naming each, nothing saved), then the
 * answers are kept and the filing is answered.
 */
export async function submitAnswers(
  deps: Pick<AppDeps, 'database' | 'encryptionKey'>,
  userId: string,
  id: string,
  draft: FilingDraft,
): Promise<FilingRow> {
  const db = deps.database.db;
  const row = await requireOwnFiling(db, userId, id);
  if (row.kind !== 'form_5472') throw new ApiError('INVALID_TRANSITION');
  // The foreign tax number kept encrypted counts as given: the form shows only its last four (decision 0077).
  const typedForeign = draft.owner?.foreignTaxId?.trim() ?? '';
  const kept = typedForeign === '' ? decryptFilingForeignTaxId(row, deps.encryptionKey) : '';
  const checked = checkFilingAnswers(
    kept ? { ...draft, owner: { ...draft.owner, foreignTaxId: kept } } : draft,
    row.taxYear,
  );
  if (!checked.ok) throw new ApiError('VALIDATION_FAILED', checked.fields);
  const { taxYear: _year, ...answers } = checked.answers;
  return db.transaction(async (tx) => {
    const locked = await lockFiling(tx, id);
    return moveFiling(
      tx,
      locked,
      'answered',
      { id: userId, role: 'customer' },
      {
        answers: answersWithoutTaxId(answers),
        ...taxIdChange(draft.owner, deps.encryptionKey, userId),
        ...foreignTaxIdChange(typedForeign ? answers.owner : undefined, deps.encryptionKey, userId),
      },
    );
  });
}

/**
 * Stores `file` in the customer's vault (category other) and returns the document row, in `tx`.
 * `holdsTaxId`: whether it prints the owner's SSN or ITIN (decision 0066), said by each caller.
 */
export async function vaultDocument(
  tx: Tx,
  userId: string,
  key: string,
  file: { fileName: string; contentType: string; size: number },
  uploadedBy: 'user' | 'admin',
  holdsTaxId: boolean,
) {
  return storeDocumentRow(tx, {
    userId,
    fileName: file.fileName,
    filePath: key,
    category: 'other',
    uploadedBy,
    contentType: file.contentType,
    fileSize: String(file.size),
    holdsTaxId,
  });
}

/**
 * Whether a copy of the filing's prepared forms (the signed forms, the fax confirmation, which
 * reproduces its pages) may print the owner's number: the prepared forms did, or the filing holds or
 * held one. Read on the locked row, when the copy is written (decision 0066).
 */
export async function formCopiesHoldTaxId(tx: DbOrTx, row: FilingRow): Promise<boolean> {
  if (row.usTaxIdLast4 !== null || row.usTaxIdPurgedAt !== null) return true;
  const ids = [row.form5472DocumentId, row.form1120DocumentId, row.dataSheetDocumentId].filter(
    (id): id is string => id !== null,
  );
  if (ids.length === 0) return false;
  const marked = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.id, ids), eq(documents.holdsTaxId, true)))
    .limit(1);
  return marked.length > 0;
}

/** The customer's signed forms: stored in their vault, the filing is signed. */
export async function uploadSigned(deps: AppDeps, userId: string, id: string, file: UploadedFile): Promise<FilingRow> {
  const row = await requireOwnFiling(deps.database.db, userId, id);
  if (!canMoveFiling(row.kind, row.status, 'signed')) throw new ApiError('INVALID_TRANSITION');
  return storeThenRecord(
    deps,
    { folder: 'filings', userId, kind: file.kind, data: file.data, contentType: file.contentType },
    (key) =>
      deps.database.db.transaction(async (tx) => {
        const locked = await lockFiling(tx, id);
        const doc = await vaultDocument(tx, userId, key, file, 'user', await formCopiesHoldTaxId(tx, locked));
        return moveFiling(tx, locked, 'signed', { id: userId, role: 'customer' }, { signedDocumentId: doc.id });
      }),
  );
}

/**
 * The customer's question about the filing: the first opens a support thread linked to the filing, a
 * later one is a reply in that thread (which reopens it if it was closed).
 */
export async function askQuestion(
  deps: AppDeps,
  userId: string,
  id: string,
  message: string,
  subject: string,
): Promise<FilingRow> {
  const row = await requireOwnFiling(deps.database.db, userId, id);
  if (row.supportThreadId) {
    await customerReply(deps, { id: userId }, row.supportThreadId, message, undefined);
    return row;
  }
  const thread = await createCustomerThread(deps, { id: userId }, { subject, message }, undefined);
  const [updated] = await deps.database.db
    .update(filings)
    .set({ supportThreadId: thread.id, updatedAt: new Date() })
    .where(and(eq(filings.id, id), sql`${filings.supportThreadId} is null`))
    .returning();
  return updated ?? (await requireOwnFiling(deps.database.db, userId, id));
}

export function isSubmitMethod(value: string): value is SubmitMethod {
  return (SUBMIT_METHODS as readonly string[]).includes(value);
}

/** Every category, 0 where the draft left it out: what the forms print for a "No transactions" answer. */
export function zeroAmounts(): Record<(typeof TRANSACTION_CATEGORIES)[number], number> {
  return Object.fromEntries(TRANSACTION_CATEGORIES.map((c) => [c, 0])) as Record<
    (typeof TRANSACTION_CATEGORIES)[number],
    number
  >;
}
