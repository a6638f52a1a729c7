import { and, asc, desc, eq, inArray, ne, type SQL, type SQLWrapper } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  canAdvanceEin,
  canUploadEinFile,
  EIN_UPLOAD_RULES,
  type EinStatus,
  type EinUpload,
} from '../../../shared/domain/ein';
import { isUuid } from '../../../shared/domain/ids';
import type { ApiErrorCode } from '../../../shared/errors';
import { type adminEinListQuerySchema, type einApplicationSchema, normaliseSsn } from '../../../shared/schemas/ein';
import { COUNT_CAP, cappedTotal, type ListTotal, searchedPage, tableTotal } from '../../db/list-total';
import { companyFormations, documents, einApplications, users } from '../../db/schema';
import { foldedContains } from '../../db/search';
import { type DbOrTx, isUniqueViolation, type Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { decryptField, encryptField } from '../../platform/crypto/field-encryption';
import { ApiError } from '../../platform/http/errors';
import type { StorageFolder } from '../../platform/storage/keys';
import { discardFiles, putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { changeFormationStatus } from '../formations/formations.service';
import { recordStageReached } from '../timeline/stage-history.service';
import { notifyStageChange } from '../timeline/stage-notices.service';
import type { AdminEinRow, EinRow } from './ein.mapper';
import { einForIssue } from './ein-number.service';
import { changeApplicationRow, type EinActor } from './ein-row.service';

/** The SSN ciphertext is bound to its owner, so a value copied into another user's row does not decrypt. */
function ssnContext(userId: string): string {
  return `ein_applications.responsible_party_ssn:${userId}`;
}

export async function findApplicationByUser(db: DbOrTx, userId: string): Promise<EinRow | null> {
  const [row] = await db.select().from(einApplications).where(eq(einApplications.userId, userId)).limit(1);
  return row ?? null;
}

export async function findApplicationById(db: DbOrTx, id: string): Promise<EinRow | null> {
  // A malformed id would be a database error (invalid uuid) rather than "not found".
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(einApplications).where(eq(einApplications.id, id)).limit(1);
  return row ?? null;
}

function adminRowQuery(db: DbOrTx) {
  return db
    .select({
      app: einApplications,
      userEmail: users.email,
      userName: users.name,
      formationStatus: companyFormations.formationStatus,
    })
    .from(einApplications)
    .innerJoin(users, eq(users.id, einApplications.userId))
    .leftJoin(companyFormations, eq(companyFormations.userId, einApplications.userId));
}

export async function findAdminRow(db: DbOrTx, id: string): Promise<AdminEinRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await adminRowQuery(db).where(eq(einApplications.id, id)).limit(1);
  return row ?? null;
}

export async function listApplications(
  db: DbOrTx,
  query: z.output<typeof adminEinListQuerySchema>,
): Promise<{ rows: AdminEinRow[] } & ListTotal> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(einApplications.einStatus, query.status));
  // An issued EIN waits for nothing: "waiting longest" lists the open applications unless asked for those.
  else if (query.sort === 'waiting_longest') conditions.push(ne(einApplications.einStatus, 'ein_issued'));
  if (query.q) conditions.push(inArray(einApplications.id, matchingApplicationIds(db, query.q)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.sort === 'created_desc' ? desc : asc;
  // Each sort has its (status, column, id) index: ein_applications_[status_]created / _stage_reached.
  const column = query.sort === 'waiting_longest' ? einApplications.stageReachedAt : einApplications.createdAt;
  const offset = (query.page - 1) * query.pageSize;
  const pageRows = (ids: string[] | SQLWrapper) =>
    adminRowQuery(db).where(inArray(einApplications.id, ids)).orderBy(order(column), order(einApplications.id));
  if (query.q && where) {
    // A search: its page and count from one pass over its matches (searchedPage).
    const hit = await searchedPage(db, {
      table: einApplications,
      id: einApplications.id,
      sort: column,
      ascending: order === asc,
      where,
      limit: query.pageSize,
      offset,
    });
    if (hit) return { rows: hit.ids.length ? await pageRows(hit.ids) : [], total: hit.total, totalKind: 'exact' };
  }
  // The page's ids from ein_applications alone (its index gives the order), then their details: a deep
  // page then skips index entries, not joined rows.
  const pageIds = db
    .select({ id: einApplications.id })
    .from(einApplications)
    .where(where)
    // The id breaks ties so pages neither repeat nor skip rows created in the same instant.
    .orderBy(order(column), order(einApplications.id))
    .limit(query.pageSize)
    .offset(offset);
  const [rows, total] = await Promise.all([
    pageRows(pageIds),
    // A search matching more than the cap has been counted that far by searchedPage already.
    query.q
      ? ({ total: COUNT_CAP, totalKind: 'atLeast' } as const)
      : where
        ? cappedTotal(db, db.select({ id: einApplications.id }).from(einApplications).where(where))
        : tableTotal(db, einApplications, 'ein_applications'),
  ]);
  return { rows, ...total };
}

/**
 * Applications whose business name, application email or responsible party contains q (folded), or
 * whose customer's account email does. One indexed lookup per table, joined by UNION: an OR across the
 * join could use no trigram index (seconds over a million customers).
 */
function matchingApplicationIds(db: DbOrTx, q: string) {
  return union(
    db
      .select({ id: einApplications.id })
      .from(einApplications)
      .where(
        foldedContains([einApplications.businessName, einApplications.email, einApplications.responsiblePartyName], q),
      ),
    db
      .select({ id: einApplications.id })
      .from(einApplications)
      .innerJoin(users, eq(users.id, einApplications.userId))
      .where(foldedContains([users.email], q)),
  );
}

/**
 * SPEC §4: an issued EIN completes the process. From ein_created that is the system's own step; if an
 * admin had moved the formation somewhere else by hand, it takes the admin's rule to move it.
 */
async function completeFormation(tx: Tx, userId: string, admin: EinActor): Promise<void> {
  const [formation] = await tx
    .select()
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId))
    .limit(1)
    .for('update');
  if (!formation || formation.formationStatus === 'process_completed') return;
  await changeFormationStatus(tx, {
    formationId: formation.id,
    from: formation.formationStatus,
    to: 'process_completed',
    actor: formation.formationStatus === 'ein_created' ? 'system' : 'admin',
    actorId: admin.id,
    actorRole: admin.role,
  });
  // Not told by notifyStageChange (below), so its date is recorded here.
  await recordStageReached(tx, { userId, kind: 'formation', stage: 'process_completed' });
  // No mail of its own: the EIN-issued mail of the same change says the setup is complete, and two
  // mails in the same second would read as a mistake. Only a completion by hand (admin formations)
  // sends formationProcessCompleted.
}

export type EinApplicationInput = z.output<typeof einApplicationSchema>;

function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * The EIN wizard's submit (SPEC §2, §4, §5). The files are stored first (storage is not part of a
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
          responsiblePartySsnEncrypted: ssn ? encryptField(ssn, deps.encryptionKey, ssnContext(user.id)) : null,
          responsiblePartySsnLast4: ssn ? ssn.slice(-4) : null,
          isForeignApplicant: input.noSsn,
          articlesOfOrganizationKey: articlesKey,
          registeredAgentInvoiceKey: invoiceKey,
          status: 'pending',
          einStatus: 'waiting_for_form',
        })
        .returning();
      await recordStageReached(tx, { userId: user.id, kind: 'ein', stage: 'waiting_for_form' });
      await tx
        .insert(documents)
        .values([
          documentValues(user.id, articlesKey, 'articles_of_org', 'user', files.articlesOfOrganization),
          documentValues(user.id, invoiceKey, 'other', 'user', files.registeredAgentInvoice),
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

function documentValues(
  userId: string,
  key: string,
  category: 'ss4' | 'ein' | 'articles_of_org' | 'other',
  uploadedBy: 'user' | 'admin',
  file: UploadedFile,
) {
  return {
    userId,
    fileName: file.fileName,
    filePath: key,
    category,
    uploadedBy,
    contentType: file.contentType,
    fileSize: String(file.size),
  };
}

/** Where each EIN upload goes and what it records (SPEC §3, §7). */
const UPLOADS = {
  preparedSs4: { column: 'uploadedSs4Key', folder: 'ss4', category: 'ss4', uploadedBy: 'admin' },
  signedSs4: { column: 'uploadedSignedSs4Key', folder: 'signed_ss4', category: 'ss4', uploadedBy: 'user' },
  einDocument: { column: 'uploadedEinDocumentKey', folder: 'ein', category: 'ein', uploadedBy: 'admin' },
} as const satisfies Record<
  EinUpload,
  {
    column: 'uploadedSs4Key' | 'uploadedSignedSs4Key' | 'uploadedEinDocumentKey';
    folder: StorageFolder;
    category: 'ss4' | 'ein';
    uploadedBy: 'user' | 'admin';
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
  actor: EinActor,
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
      await tx.insert(documents).values(documentValues(updated.userId, key, spec.category, spec.uploadedBy, file));
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

/** The admin's one-step advance along the chain (SPEC §4); ein_issued also completes the process. */
export async function advanceApplication(
  deps: AppDeps,
  admin: EinActor,
  id: string,
  to: EinStatus,
  /** The EIN staff typed; required (unless already stored) when `to` is ein_issued. */
  sentEin?: string | null,
): Promise<EinRow> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND');
  const advanced = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(einApplications).where(eq(einApplications.id, id)).limit(1).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    const from = row.einStatus;
    if (!canAdvanceEin(from, to)) throw new ApiError('INVALID_TRANSITION');
    const ein = to === 'ein_issued' ? einForIssue(sentEin, row) : row.ein;
    const [updated] = await tx
      .update(einApplications)
      .set({ einStatus: to, ein, updatedAt: new Date() })
      .where(and(eq(einApplications.id, id), eq(einApplications.einStatus, from)))
      .returning();
    if (!updated) throw new ApiError('INVALID_TRANSITION');
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.role,
      action: 'ein.status_changed',
      entityType: 'ein_application',
      entityId: id,
      subjectUserId: updated.userId,
      before: { einStatus: from, ...(ein !== row.ein ? { ein: row.ein } : {}) },
      after: { einStatus: to, ...(ein !== row.ein ? { ein } : {}) },
    });
    // Without a prepared form, ss4_ready has nothing to sign: its mail waits for the form's upload.
    await notifyStageChange(deps, tx, {
      userId: updated.userId,
      kind: 'ein',
      from,
      to,
      preparedSs4: { before: Boolean(row.uploadedSs4Key), after: Boolean(updated.uploadedSs4Key) },
      ein: updated.ein,
    });
    if (to === 'ein_issued') await completeFormation(tx, updated.userId, admin);
    return updated;
  });
  deps.mailer.kick();
  return advanced;
}

export async function saveNotes(db: AppDeps['database']['db'], admin: EinActor, id: string, notes: string | null) {
  const adminNotes = notes?.trim() ? notes : null;
  return changeApplicationRow(db, admin, id, 'ein.notes_saved', (row) => ({
    set: { adminNotes },
    before: { adminNotes: row.adminNotes },
    after: { adminNotes },
  }));
}

/** 123456789 → 123-45-6789, the way the IRS form writes it. */
export function formatSsn(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** The clear SSN for an admin filling in the SS-4. Every reveal leaves an audit row, even of "no SSN". */
export async function revealSsn(deps: AppDeps, admin: EinActor, id: string): Promise<string | null> {
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
