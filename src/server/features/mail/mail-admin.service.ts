import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { LetterKind, LetterSender } from '../../../shared/catalogue/letter-kinds';
import { cleanFileName, FILE_KIND_INFO } from '../../../shared/domain/files';
import { foldTurkish } from '../../../shared/domain/search';
import type {
  DeskLetter,
  LetterForwardedInput,
  LetterShreddedInput,
  LogLetterInput,
  MailCompany,
} from '../../../shared/features/mail/mail.contracts';
import {
  canReassign,
  canScan,
  canShred,
  type LetterHeldReason,
  type LetterStatus,
  offersEin,
  PENALTY_LETTER_KINDS,
  statusByStandingRule,
} from '../../../shared/features/mail/mail.domain';
import { translate } from '../../../shared/i18n';
import { toLanguage } from '../../../shared/i18n/languages';
import { companyFormations, letters, userProfiles, users } from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx, Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { discardFiles, putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { storeDocumentRow } from '../documents';
import { advanceApplication, findApplicationByUser, setEinNumber } from '../ein';
import { hasCurrentSubscription } from '../renewals';
import { adminCreateThread } from '../support';
import {
  checkKindSender,
  isUrgentKind,
  type LetterMailTemplate,
  type LetterRow,
  letterExplanation,
  mailLetterCustomer,
} from './mail.service';
import { deskSelect, toDeskLetter } from './mail-desk.service';
import { standingRulesOf } from './mail-forwarding.service';
import { nextScanIncluded } from './mail-scans.service';

/*
 * The mail desk (decision 0086): find the company by the name on the envelope, log a letter,
 * match an unmatched one, upload its scan into the customer's vault.
 */

type Deps = AppDeps;
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

const RECEIVED = { status: 'received', heldReason: null, byRule: false } as const;

/**
 * Where a new letter of `userId`'s starts (decision 0089): held when neither the address nor the agent
 * runs (never thrown away; the page offers the renewal), else where a standing rule sends it, else
 * waiting for the customer's word.
 */
async function startingState(
  db: DbOrTx,
  userId: string,
  sender: LetterSender,
  today: string,
): Promise<{ status: LetterStatus; heldReason: LetterHeldReason | null; byRule: boolean }> {
  if (!(await hasCurrentSubscription(db, userId, today)))
    return { status: 'held', heldReason: 'no_subscription', byRule: false };
  const byRule = statusByStandingRule(sender, await standingRulesOf(db, userId));
  return byRule ? { status: byRule, heldReason: null, byRule: true } : RECEIVED;
}

type Start = Awaited<ReturnType<typeof startingState>>;

/**
 * A standing rule's scan is one of the month's included scans (decision 0099): counted, or, beyond them,
 * the letter waits for the customer's word with the extra scan's price instead.
 */
async function countRuleScan(
  tx: Tx,
  userId: string,
  start: Start,
  today: string,
): Promise<Start & { scanCountedOn: string | null; beyondAllowance: boolean }> {
  if (!start.byRule || start.status !== 'scan_requested')
    return { ...start, scanCountedOn: null, beyondAllowance: false };
  if (await nextScanIncluded(tx, userId, today)) return { ...start, scanCountedOn: today, beyondAllowance: false };
  return { ...RECEIVED, scanCountedOn: null, beyondAllowance: true };
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
  const today = serverToday(deps.env);
  const start = userId ? await startingState(db, userId, input.sender, today) : RECEIVED;

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
      const begin = userId && !doc ? await countRuleScan(tx, userId, start, today) : null;
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
          status: doc ? 'scanned' : (begin ?? start).status,
          heldReason: doc ? null : (begin ?? start).heldReason,
          scanCountedOn: begin?.scanCountedOn ?? null,
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
        after: {
          kind: row.kind,
          sender: row.sender,
          pages: row.pages,
          status: row.status,
          urgent,
          ...(row.heldReason ? { heldReason: row.heldReason } : {}),
          ...((begin ?? start).byRule ? { byStandingRule: true } : {}),
          ...(begin?.beyondAllowance ? { beyondAllowance: true } : {}),
        },
      });
      const template: LetterMailTemplate = urgent
        ? 'mailroom.urgent'
        : doc
          ? 'mailroom.scanned'
          : row.heldReason
            ? 'mailroom.held'
            : 'mailroom.received';
      await mailLetterCustomer(deps, tx, row, template);
    });
  } catch (err) {
    await discardFiles(deps, stored);
    throw err;
  }
  deps.mailer.kick();
  if (files.scan && userId) await openPenaltyThread(deps, staff, { id, userId, kind: input.kind }, files.scan);
  return deskLetter(deps, id);
}

/**
 * An IRS penalty notice, once scanned, opens a support thread for its customer with the scan attached
 * (decision 0089), through the support desk's own service: the customer is mailed and can answer there.
 * The scan is already in the vault; a failure here is logged and never undoes it.
 */
async function openPenaltyThread(
  deps: Deps,
  staff: Staff,
  letter: { id: string; userId: string; kind: LetterKind },
  scan: UploadedFile,
): Promise<void> {
  if (!PENALTY_LETTER_KINDS.includes(letter.kind)) return;
  try {
    const [person] = await deps.database.db.select({ lang: users.lang }).from(users).where(eq(users.id, letter.userId));
    const lang = toLanguage(person?.lang) ?? 'tr';
    const thread = await adminCreateThread(
      deps,
      { id: staff.id, role: 'admin' },
      {
        userId: letter.userId,
        subject: translate(lang, `mailroom.kinds.${letter.kind}.name`),
        message: `${translate(lang, 'mailroom.penaltyThread')}\n\n${letterExplanation(letter.kind, lang)}`,
      },
      scan,
    );
    await recordAudit(deps.database.db, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'letter.support_opened',
      entityType: 'letter',
      entityId: letter.id,
      subjectUserId: letter.userId,
      after: { threadId: thread.id, kind: letter.kind },
    });
  } catch (err) {
    deps.logger.error(
      { err, letterId: letter.id },
      'a penalty notice was scanned but its support thread was not opened',
    );
  }
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
    if (row.scanDocumentId || !canReassign(row.status)) throw new ApiError('INVALID_TRANSITION');
    // A letter nobody decided on yet starts afresh with its new customer's subscription and rules.
    const today = serverToday(deps.env);
    const start =
      row.status === 'received' || row.heldReason
        ? await countRuleScan(tx, userId, await startingState(tx, userId, row.sender, today), today)
        : { status: row.status, heldReason: null, scanCountedOn: row.scanCountedOn };
    const [saved] = await tx
      .update(letters)
      .set({
        userId,
        status: start.status,
        heldReason: start.heldReason,
        scanCountedOn: start.scanCountedOn,
        updatedAt: sql`now()`,
      })
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
    const template = saved.urgent ? 'mailroom.urgent' : saved.heldReason ? 'mailroom.held' : 'mailroom.received';
    await mailLetterCustomer(deps, tx, saved, template);
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
  await openPenaltyThread(deps, staff, { id, userId: ownerId, kind: current.kind }, file);
  return deskLetter(deps, id);
}

/**
 * Staff posted a paid forwarding (decision 0089): the tracking number and the day it left; the customer
 * sees both. Only a letter whose payment the webhook confirmed (to_forward) is posted.
 */
export async function markForwarded(
  deps: Pick<AppDeps, 'database' | 'env' | 'mailer'>,
  staff: Staff,
  id: string,
  input: LetterForwardedInput,
): Promise<DeskLetter> {
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(letters).where(eq(letters.id, id)).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.status !== 'to_forward') throw new ApiError('INVALID_TRANSITION');
    checkPaperDate(deps, row, 'forwardedOn', input.forwardedOn);
    const [saved] = await tx
      .update(letters)
      .set({
        status: 'forwarded',
        trackingNumber: input.trackingNumber,
        forwardedOn: input.forwardedOn,
        updatedAt: sql`now()`,
      })
      .where(eq(letters.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'letter.forwarded',
      entityType: 'letter',
      entityId: id,
      subjectUserId: row.userId,
      before: { status: row.status },
      after: { status: 'forwarded', trackingNumber: input.trackingNumber, forwardedOn: input.forwardedOn },
    });
    await mailLetterCustomer(deps, tx, saved, 'mailroom.forwarded');
  });
  deps.mailer.kick();
  return deskLetter(deps, id);
}

/** Staff shredded a letter its customer asked to shred: the day, which the customer sees. */
export async function markShredded(
  deps: Pick<AppDeps, 'database' | 'env' | 'mailer'>,
  staff: Staff,
  id: string,
  input: LetterShreddedInput,
): Promise<DeskLetter> {
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(letters).where(eq(letters.id, id)).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (!canShred(row.status)) throw new ApiError('INVALID_TRANSITION');
    checkPaperDate(deps, row, 'shreddedOn', input.shreddedOn);
    const [saved] = await tx
      .update(letters)
      .set({ status: 'shredded', shreddedOn: input.shreddedOn, updatedAt: sql`now()` })
      .where(eq(letters.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: staff.id,
      actorRole: staff.role,
      action: 'letter.shredded',
      entityType: 'letter',
      entityId: id,
      subjectUserId: row.userId,
      before: { status: row.status },
      after: { status: 'shredded', shreddedOn: input.shreddedOn },
    });
    await mailLetterCustomer(deps, tx, saved, 'mailroom.shredded');
  });
  deps.mailer.kick();
  return deskLetter(deps, id);
}

/**
 * The EIN desk takes the number from a CP 575 (or a 147C where the EIN was missing), staff confirming it
 * (decision 0089). The letter must be scanned: it is the vault's proof of the number. The EIN desk's
 * own service sets it, with its rules (the next step only, the number's form, the customer told).
 */
export async function takeEinFromLetter(deps: AppDeps, staff: Staff, id: string, ein: string): Promise<DeskLetter> {
  const { db } = deps.database;
  const [row] = await deskSelect(db).where(eq(letters.id, id));
  if (!row) throw new ApiError('NOT_FOUND');
  const { letter } = row;
  if (!letter.userId || !offersEin(letter.kind, row.einStatus, Boolean(row.hasEin)))
    throw new ApiError('INVALID_TRANSITION');
  if (!letter.scanDocumentId) throw new ApiError('VALIDATION_FAILED', { file: 'mailroom.validation.einNeedsScan' });
  const application = await findApplicationByUser(db, letter.userId);
  if (!application) throw new ApiError('INVALID_TRANSITION');
  const actor = { id: staff.id, role: 'admin' as const };
  if (application.einStatus === 'ein_issued') await setEinNumber(deps, actor, application.id, ein);
  else await advanceApplication(deps, actor, application.id, 'ein_issued', ein);
  await recordAudit(db, {
    actorId: staff.id,
    actorRole: staff.role,
    action: 'letter.ein_taken',
    entityType: 'letter',
    entityId: id,
    subjectUserId: letter.userId,
    // The number is in the EIN desk's own audit event; this one ties it to the letter.
    after: { applicationId: application.id, kind: letter.kind },
  });
  return deskLetter(deps, id);
}

/** A day the paper was handled: not in the future and not before it arrived. */
function checkPaperDate(deps: Pick<AppDeps, 'env'>, row: LetterRow, field: string, day: string): void {
  if (day > serverToday(deps.env))
    throw new ApiError('VALIDATION_FAILED', { [field]: 'mailroom.validation.dateInFuture' });
  if (day < row.receivedOn) throw new ApiError('VALIDATION_FAILED', { [field]: 'mailroom.validation.beforeArrival' });
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
      heldReason: letters.heldReason,
      forwardTo: letters.forwardTo,
      trackingNumber: letters.trackingNumber,
      forwardedOn: letters.forwardedOn,
      shreddedOn: letters.shreddedOn,
      createdAt: letters.createdAt,
    })
    .from(letters)
    .where(eq(letters.userId, userId))
    .orderBy(asc(letters.receivedOn));
}
