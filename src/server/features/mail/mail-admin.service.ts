import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { businessDaysBetween } from '../../../shared/catalogue/federal-holidays';
import type { DeskLetter, LogLetterInput, MailCompany, MailDeskQuery } from '../../../shared/contracts/mail';
import { cleanFileName, FILE_KIND_INFO } from '../../../shared/domain/files';
import { awaitsScan, canScan, SCAN_TARGET_BUSINESS_DAYS } from '../../../shared/domain/mail';
import { foldTurkish } from '../../../shared/domain/search';
import { cappedTotal, type ListTotal } from '../../db/list-total';
import { companyFormations, documents, letters, userProfiles, users } from '../../db/schema';
import { foldedContains, foldedPattern } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { discardFiles, putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { storeDocumentRow } from '../documents';
import {
  checkKindSender,
  isUrgentKind,
  type LetterMailTemplate,
  type LetterRow,
  mailLetterCustomer,
  toLetterView,
} from './mail.service';

/*
 * The mail desk (decision 0086): find the company by the name on the envelope, log a letter,
 * match an unmatched one, upload its scan into the customer's vault.
 */

type Deps = Pick<AppDeps, 'database' | 'storage' | 'logger' | 'mailer' | 'env'>;
type Staff = { id: string; role: string };

const COMPANY_MATCHES = 10;

const customerName = sql<string | null>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(${users.name}, ''))`;

/**
 * Companies whose business name or customer's name holds `q`, Turkish letters folded (the search helper
 * of every desk), or whose customer's email is `q`: the envelope says "ŞAHİN TEKNOLOJİ LLC" and the
 * company was registered as "Sahin Teknoloji LLC".
 */
export async function searchCompanies(db: DbOrTx, q: string): Promise<MailCompany[]> {
  const rows = await db
    .select({
      userId: users.id,
      businessName: companyFormations.businessName,
      customerName,
      email: users.email,
    })
    .from(companyFormations)
    .innerJoin(users, eq(users.id, companyFormations.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(
      or(
        foldedContains([companyFormations.businessName, users.name, userProfiles.displayName], q),
        eq(users.email, q.trim().toLowerCase()),
      ),
    )
    .orderBy(asc(companyFormations.businessName))
    .limit(COMPANY_MATCHES);
  return rows;
}

async function requireCompany(db: DbOrTx, userId: string): Promise<void> {
  const [found] = await db
    .select({ id: companyFormations.userId })
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId));
  if (!found) throw new ApiError('VALIDATION_FAILED', { userId: 'mailroom.validation.company' });
}

const deskColumns = {
  letter: letters,
  scanPath: documents.filePath,
  customerEmail: users.email,
  businessName: companyFormations.businessName,
};

type DeskRaw = {
  letter: LetterRow;
  scanPath: string | null;
  customerEmail: string | null;
  businessName: string | null;
};

function toDeskLetter(r: DeskRaw, today: string): DeskLetter {
  const { decisions: _decisions, ...view } = toLetterView(r.letter, r.scanPath);
  const waiting = awaitsScan(r.letter.status) ? businessDaysBetween(r.letter.receivedOn, today) : null;
  return {
    businessDaysWaiting: waiting,
    late: waiting !== null && waiting > SCAN_TARGET_BUSINESS_DAYS,
    ...view,
    userId: r.letter.userId,
    envelopeName: r.letter.envelopeName,
    customerEmail: r.customerEmail,
    businessName: r.businessName,
    createdAt: r.letter.createdAt.toISOString(),
  };
}

function deskSelect(db: DbOrTx) {
  return db
    .select(deskColumns)
    .from(letters)
    .leftJoin(documents, eq(documents.id, letters.scanDocumentId))
    .leftJoin(users, eq(users.id, letters.userId))
    .leftJoin(companyFormations, eq(companyFormations.userId, letters.userId));
}

function queueCondition(db: DbOrTx, query: Omit<MailDeskQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  switch (query.queue) {
    case 'unmatched':
      conditions.push(isNull(letters.userId));
      break;
    case 'to_scan':
      conditions.push(isNotNull(letters.userId), eq(letters.status, 'scan_requested'));
      break;
    case 'waiting':
      conditions.push(isNotNull(letters.userId), eq(letters.status, 'received'));
      break;
    default:
      break;
  }
  if (query.q) {
    const pattern = foldedPattern(query.q);
    conditions.push(
      or(
        sql`fold_tr(${letters.envelopeName}) like ${pattern}`,
        inArray(
          letters.userId,
          db
            .select({ id: companyFormations.userId })
            .from(companyFormations)
            .where(sql`fold_tr(${companyFormations.businessName}) like ${pattern}`),
        ),
      ),
    );
  }
  return and(...conditions);
}

/** One page of a queue, oldest first where staff work it (to scan, unmatched), else newest first. */
export async function listDesk(
  db: DbOrTx,
  query: MailDeskQuery,
  today: string,
): Promise<{ rows: DeskLetter[] } & ListTotal> {
  const where = queueCondition(db, query);
  const oldestFirst = query.queue === 'to_scan' || query.queue === 'unmatched' || query.queue === 'waiting';
  const order = oldestFirst
    ? [asc(letters.createdAt), asc(letters.id)]
    : [desc(letters.urgent), desc(letters.createdAt), desc(letters.id)];
  const [rows, total] = await Promise.all([
    deskSelect(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cappedTotal(db, db.select({ id: letters.id }).from(letters).where(where)),
  ]);
  return { rows: rows.map((r) => toDeskLetter(r, today)), ...total };
}

async function deskLetter(deps: Pick<AppDeps, 'database' | 'env'>, id: string): Promise<DeskLetter> {
  const [row] = await deskSelect(deps.database.db).where(eq(letters.id, id));
  if (!row) throw new ApiError('NOT_FOUND');
  return toDeskLetter(row, serverToday(deps.env));
}

/** A letter already logged with the same company (or envelope name, unmatched), sender, date and pages. */
async function findDuplicate(db: DbOrTx, input: LogLetterInput): Promise<string | null> {
  const [found] = await db
    .select({ id: letters.id })
    .from(letters)
    .where(
      and(
        input.userId
          ? eq(letters.userId, input.userId)
          : and(isNull(letters.userId), sql`fold_tr(${letters.envelopeName}) = ${foldTurkish(input.envelopeName)}`),
        eq(letters.sender, input.sender),
        input.letterDate ? eq(letters.letterDate, input.letterDate) : eq(letters.receivedOn, input.receivedOn),
        eq(letters.pages, input.pages),
      ),
    )
    .limit(1);
  return found?.id ?? null;
}

function checkDates(deps: Pick<AppDeps, 'env'>, input: { letterDate?: string; receivedOn: string }): void {
  const today = serverToday(deps.env);
  const problems: Record<string, string> = {};
  if (input.letterDate && input.letterDate > today) problems.letterDate = 'mailroom.validation.dateInFuture';
  if (input.receivedOn > today) problems.receivedOn = 'mailroom.validation.dateInFuture';
  if (Object.keys(problems).length > 0) throw new ApiError('VALIDATION_FAILED', problems);
}

/** The envelope is a photo; a scan is a PDF (the vault's letters print and read as one file). */
function checkFiles(envelope: UploadedFile | undefined, scan: UploadedFile | undefined): void {
  if (envelope && envelope.kind === 'pdf') throw new ApiError('FILE_TYPE_NOT_ALLOWED');
  if (scan && scan.kind !== 'pdf') throw new ApiError('PDF_REQUIRED');
}

function scanFileName(row: Pick<LetterRow, 'kind' | 'receivedOn'>, file: UploadedFile): string {
  return cleanFileName(file.fileName, `letter-${row.receivedOn}.${FILE_KIND_INFO.pdf.extension}`);
}

/**
 * Logs a letter from its envelope. Refused, changing nothing: a kind that is not the sender's, a date
 * in the future, an unknown company, lawsuit papers without their scan (they are scanned at once), a
 * scan without a company (it goes into a customer's vault), and a likely duplicate unless staff confirm.
 */
export async function logLetter(
  deps: Deps,
  staff: Staff,
  input: LogLetterInput,
  files: { envelope?: UploadedFile; scan?: UploadedFile },
): Promise<DeskLetter> {
  const { db } = deps.database;
  checkKindSender(input.kind, input.sender);
  checkDates(deps, input);
  checkFiles(files.envelope, files.scan);
  const userId = input.userId || null;
  if (userId) await requireCompany(db, userId);
  const urgent = isUrgentKind(input.kind);
  if (urgent && !files.scan) throw new ApiError('VALIDATION_FAILED', { scan: 'mailroom.validation.scanRequired' });
  if (files.scan && !userId)
    throw new ApiError('VALIDATION_FAILED', { userId: 'mailroom.validation.scanNeedsCompany' });
  if (input.confirmDuplicate !== 'true' && (await findDuplicate(db, input))) throw new ApiError('LETTER_DUPLICATE');

  const id = randomUUID();
  const stored: string[] = [];
  try {
    const envelopeKey = files.envelope
      ? await putNewFile(deps.storage, {
          folder: 'mail',
          userId: id,
          kind: files.envelope.kind,
          data: files.envelope.data,
          contentType: files.envelope.contentType,
        })
      : null;
    if (envelopeKey) stored.push(envelopeKey);
    const scanKey =
      files.scan && userId
        ? await putNewFile(deps.storage, {
            folder: 'mail',
            userId,
            kind: 'pdf',
            data: files.scan.data,
            contentType: files.scan.contentType,
          })
        : null;
    if (scanKey) stored.push(scanKey);
    await db.transaction(async (tx) => {
      const doc =
        scanKey && files.scan && userId
          ? await storeDocumentRow(tx, {
              userId,
              fileName: scanFileName(input, files.scan),
              filePath: scanKey,
              category: 'mail',
              uploadedBy: 'admin',
              contentType: 'application/pdf',
              fileSize: String(files.scan.size),
              holdsTaxId: false,
            })
          : null;
      const [row] = await tx
        .insert(letters)
        .values({
          id,
          userId,
          envelopeName: input.envelopeName,
          sender: input.sender,
          senderName: input.senderName || null,
          kind: input.kind,
          letterDate: input.letterDate ?? null,
          receivedOn: input.receivedOn,
          pages: input.pages,
          status: doc ? 'scanned' : 'received',
          urgent,
          envelopeKey,
          envelopeContentType: files.envelope?.contentType ?? null,
          scanDocumentId: doc?.id ?? null,
          scannedAt: doc ? sql`now()` : null,
          loggedBy: staff.id,
        })
        .returning();
      await recordAudit(tx, {
        actorId: staff.id,
        actorRole: staff.role,
        action: 'letter.logged',
        entityType: 'letter',
        entityId: id,
        subjectUserId: userId,
        after: { kind: row.kind, sender: row.sender, pages: row.pages, status: row.status, urgent },
      });
      const template: LetterMailTemplate = urgent ? 'mailroom.urgent' : doc ? 'mailroom.scanned' : 'mailroom.received';
      await mailLetterCustomer(deps, tx, row, template);
    });
  } catch (err) {
    await discardFiles(deps, stored);
    throw err;
  }
  deps.mailer.kick();
  return deskLetter(deps, id);
}

/**
 * Gives a letter its company: from the unmatched tray, or from the wrong company to the right one
 * (audited; the first customer no longer sees it). A scanned letter stays where it is: its scan is a
 * document of the first customer's vault.
 */
export async function assignLetter(deps: Deps, staff: Staff, id: string, userId: string): Promise<DeskLetter> {
  const { db } = deps.database;
  await requireCompany(db, userId);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(letters).where(eq(letters.id, id)).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.userId === userId) return;
    if (row.scanDocumentId) throw new ApiError('INVALID_TRANSITION');
    const [saved] = await tx
      .update(letters)
      .set({ userId, updatedAt: sql`now()` })
      .where(eq(letters.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'letter.assigned',
      entityType: 'letter',
      entityId: id,
      subjectUserId: userId,
      before: { userId: row.userId },
      after: { userId },
    });
    await mailLetterCustomer(deps, tx, saved, saved.urgent ? 'mailroom.urgent' : 'mailroom.received');
  });
  deps.mailer.kick();
  return deskLetter(deps, id);
}

/** Uploads a letter's scan: into its customer's vault under "Posta / Mail", and the customer is told. */
export async function scanLetter(deps: Deps, staff: Staff, id: string, file: UploadedFile): Promise<DeskLetter> {
  const { db } = deps.database;
  checkFiles(undefined, file);
  const [current] = await db.select().from(letters).where(eq(letters.id, id));
  if (!current) throw new ApiError('NOT_FOUND');
  if (!current.userId || !canScan(current.status)) throw new ApiError('INVALID_TRANSITION');
  const ownerId = current.userId;
  const key = await putNewFile(deps.storage, {
    folder: 'mail',
    userId: ownerId,
    kind: 'pdf',
    data: file.data,
    contentType: file.contentType,
  });
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(letters).where(eq(letters.id, id)).for('update');
      // Reassigned or scanned by someone else meanwhile: the file was stored for the wrong vault.
      if (!row || row.userId !== ownerId || !canScan(row.status)) throw new ApiError('INVALID_TRANSITION');
      const doc = await storeDocumentRow(tx, {
        userId: ownerId,
        fileName: scanFileName(row, file),
        filePath: key,
        category: 'mail',
        uploadedBy: 'admin',
        contentType: 'application/pdf',
        fileSize: String(file.size),
        holdsTaxId: false,
      });
      const [saved] = await tx
        .update(letters)
        .set({ status: 'scanned', scanDocumentId: doc.id, scannedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(letters.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: staff.id,
        actorRole: staff.role,
        action: 'letter.scanned',
        entityType: 'letter',
        entityId: id,
        subjectUserId: ownerId,
        before: { status: row.status },
        after: { status: 'scanned' },
      });
      await mailLetterCustomer(deps, tx, saved, saved.urgent ? 'mailroom.urgent' : 'mailroom.scanned');
    });
  } catch (err) {
    await discardFiles(deps, [key]);
    throw err;
  }
  deps.mailer.kick();
  return deskLetter(deps, id);
}

/** Every envelope key of a customer's letters (the data copy and the erasure's files). */
export async function envelopeKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: letters.envelopeKey })
    .from(letters)
    .where(and(eq(letters.userId, userId), isNotNull(letters.envelopeKey)));
  return rows.map((r) => r.key).filter((k): k is string => k !== null);
}

/** A customer's letters for their data copy (letters.json): what the mail page shows, with the envelope's name. */
export async function lettersOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: letters.id,
      envelopeName: letters.envelopeName,
      sender: letters.sender,
      senderName: letters.senderName,
      kind: letters.kind,
      letterDate: letters.letterDate,
      receivedOn: letters.receivedOn,
      pages: letters.pages,
      status: letters.status,
      urgent: letters.urgent,
      scannedAt: letters.scannedAt,
      decidedAt: letters.decidedAt,
      createdAt: letters.createdAt,
    })
    .from(letters)
    .where(eq(letters.userId, userId))
    .orderBy(asc(letters.receivedOn));
}
