import { and, desc, eq, sql } from 'drizzle-orm';
import { deadlinesFor } from '../../../shared/catalogue/compliance';
import {
  kindFitsSender,
  type LetterKind,
  letterDeadlines,
  letterKindInfo,
  letterTextVars,
} from '../../../shared/catalogue/letter-kinds';
import type { LetterList, LetterView, ScanAllowanceView } from '../../../shared/features/mail/mail.contracts';
import {
  canDecide,
  canForward,
  decide,
  FORWARD_BANDS,
  type ForwardBand,
  forwardBandOf,
  LETTER_DECISIONS,
  type LetterDecision,
  STATE_REMINDER_RULES,
  scanBeyondAllowance,
} from '../../../shared/features/mail/mail.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { toLanguage } from '../../../shared/i18n/languages';
import { companyFormations, documents, letters, userProfiles, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { hasCurrentSubscription } from '../renewals';
import { mailroomService } from '../services';
import { nextScanIncluded, scanAllowanceOf } from './mail-scans.service';

/*
 * The mailroom, the customer's side (decision 0086): their own letters, and their decision
 * per letter. Everything is found by the session's user id, so another customer's letter is a 404.
 */

export type LetterRow = typeof letters.$inferSelect;

/** The columns of a letter with its scan's stored path (the vault document, when scanned). */
export const letterColumns = {
  letter: letters,
  scanPath: documents.filePath,
};

/** The price of forwarding a letter by its weight band (decision 0089), null when that band is not on sale. */
export type ForwardPrices = Partial<Record<ForwardBand, number>>;

/**
 * `subscribed`: the customer's address or agent runs today. A letter held for want of one (decision 0089)
 * says so and takes no free decision until it runs again; forwarding, paid, stays open.
 */
export function toLetterView(
  row: LetterRow,
  scanPath: string | null,
  prices: ForwardPrices = {},
  subscribed = true,
  company: CalendarCompany | null = null,
  scans: ScanAllowanceView | null = null,
): LetterView {
  const heldForRenewal = row.heldReason !== null && !subscribed;
  const decisions = heldForRenewal ? [] : LETTER_DECISIONS.filter((d) => canDecide(row.status, d));
  // Beyond the month's included scans a scan is the extra scan's checkout; not on sale, it is not offered.
  const scanPaid = scans !== null && decisions.includes('scan') && scanBeyondAllowance(scans.used, scans.included);
  return {
    id: row.id,
    sender: row.sender,
    senderName: row.senderName,
    kind: row.kind,
    letterDate: row.letterDate,
    receivedOn: row.receivedOn,
    pages: row.pages,
    status: row.status,
    urgent: row.urgent,
    deadlines: letterDeadlines(row.kind, row.letterDate, row.receivedOn),
    hasEnvelope: row.envelopeKey !== null,
    scanPath,
    decisions: scanPaid && scans.extraPriceCents === null ? decisions.filter((d) => d !== 'scan') : decisions,
    heldReason: heldForRenewal ? row.heldReason : null,
    forwardPriceCents: row.userId && canForward(row.status) ? (prices[forwardBandOf(row.pages)] ?? null) : null,
    forwardTo: row.forwardTo,
    trackingNumber: row.trackingNumber,
    forwardedOn: row.forwardedOn,
    shreddedOn: row.shreddedOn,
    calendarItem: calendarItemOf(row, company),
    scanPriceCents: scanPaid ? scans.extraPriceCents : null,
  };
}

/** The company's state and formation day: what its compliance calendar is computed from. */
export type CalendarCompany = { state: string | null; formedOn: string | null };

/**
 * A state's reminder letter's item of the compliance calendar (decision 0089): the first occurrence of
 * its rule due on or after the letter's date, as the calendar computes it (the shared catalogue's rules).
 */
export function calendarItemOf(
  row: Pick<LetterRow, 'kind' | 'letterDate' | 'receivedOn'>,
  company: CalendarCompany | null,
): { ruleId: string; dueDate: string } | null {
  const ruleId = STATE_REMINDER_RULES[row.kind];
  if (!ruleId || !company?.state || !company.formedOn) return null;
  const item = deadlinesFor({
    state: company.state,
    formationDate: company.formedOn,
    today: row.letterDate ?? row.receivedOn,
  }).find((d) => d.ruleId === ruleId);
  return item ? { ruleId, dueDate: item.dueDate } : null;
}

/** The forwarding prices on sale now, one query for the page. */
export async function forwardPrices(db: DbOrTx): Promise<ForwardPrices> {
  const entries = await Promise.all(
    FORWARD_BANDS.map(({ item }) => item).map(
      async (item) => [item, (await mailroomService(db, item))?.priceCents] as const,
    ),
  );
  return Object.fromEntries(entries.filter(([, cents]) => cents !== undefined));
}

/** At most this many on the page; a company gets a few letters a month. */
const MY_LETTERS_MAX = 500;

export async function myLetters(db: DbOrTx, userId: string, today: string): Promise<LetterList> {
  const [rows, prices, subscribed, [company], scans] = await Promise.all([
    db
      .select(letterColumns)
      .from(letters)
      .leftJoin(documents, eq(documents.id, letters.scanDocumentId))
      .where(eq(letters.userId, userId))
      .orderBy(desc(letters.receivedOn), desc(letters.createdAt))
      .limit(MY_LETTERS_MAX),
    forwardPrices(db),
    hasCurrentSubscription(db, userId, today),
    db
      .select({ state: companyFormations.stateSelected, formedOn: companyFormations.formedOn })
      .from(companyFormations)
      .where(eq(companyFormations.userId, userId)),
    scanAllowanceOf(db, userId, today),
  ]);
  return {
    letters: rows.map((r) => toLetterView(r.letter, r.scanPath, prices, subscribed, company ?? null, scans)),
    scans,
  };
}

/** The customer's word on a letter: scan, shred or hold. */
export async function decideLetter(
  deps: Pick<AppDeps, 'database' | 'env'>,
  user: { id: string; role: string },
  id: string,
  decision: LetterDecision,
): Promise<LetterView> {
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(letters)
      .where(and(eq(letters.id, id), eq(letters.userId, user.id)))
      .for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    const today = serverToday(deps.env);
    if (row.heldReason && !(await hasCurrentSubscription(tx, user.id, today))) throw new ApiError('INVALID_TRANSITION');
    const next = decide(row.status, decision);
    if (!next) throw new ApiError('INVALID_TRANSITION');
    // A free scan is one of the month's included ones (decision 0099); beyond them it is paid for first.
    if (decision === 'scan' && !(await nextScanIncluded(tx, user.id, today)))
      throw new ApiError('SCAN_PAYMENT_REQUIRED');
    // The customer's word replaces an unpaid forwarding; a payment that still arrives is audited (0089).
    const [saved] = await tx
      .update(letters)
      .set({
        status: next,
        heldReason: null,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(decision === 'scan' ? { scanCountedOn: today } : {}),
      })
      .where(eq(letters.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      actorRole: user.role,
      action: 'letter.decided',
      entityType: 'letter',
      entityId: id,
      subjectUserId: user.id,
      before: { status: row.status },
      after: { status: next, decision },
    });
    const [scan] = saved.scanDocumentId
      ? await tx.select({ path: documents.filePath }).from(documents).where(eq(documents.id, saved.scanDocumentId))
      : [];
    const [prices, scans] = await Promise.all([forwardPrices(tx), scanAllowanceOf(tx, user.id, today)]);
    return toLetterView(saved, scan?.path ?? null, prices, true, null, scans);
  });
}

/** The envelope photo's key of the caller's own letter; null when there is none to show. */
export async function ownEnvelope(
  db: DbOrTx,
  userId: string | null,
  id: string,
): Promise<{ key: string; contentType: string } | null> {
  const [row] = await db
    .select({ key: letters.envelopeKey, contentType: letters.envelopeContentType, userId: letters.userId })
    .from(letters)
    .where(eq(letters.id, id));
  if (!row?.key || (userId !== null && row.userId !== userId)) return null;
  return { key: row.key, contentType: row.contentType ?? 'application/octet-stream' };
}

export type LetterMailTemplate =
  | 'mailroom.received'
  | 'mailroom.scanned'
  | 'mailroom.urgent'
  | 'mailroom.held'
  | 'mailroom.forwarded'
  | 'mailroom.shredded';

/**
 * The paper's last step in the customer's language (decision 0099): the day and tracking number of a
 * forwarding with the address it went to, or the day it was shredded; otherwise what the letter is.
 */
function letterMailVars(row: LetterRow, template: LetterMailTemplate, lang: 'tr' | 'en') {
  if (template === 'mailroom.forwarded')
    return {
      date: row.forwardedOn ? formatCalendarDateLong(row.forwardedOn, lang) : '',
      tracking: row.trackingNumber ?? '',
      excerpt: row.forwardTo ?? '',
    };
  if (template === 'mailroom.shredded')
    return { date: row.shreddedOn ? formatCalendarDateLong(row.shreddedOn, lang) : '' };
  return { excerpt: letterExplanation(row.kind, lang) };
}

/**
 * Tells the letter's customer, in the transaction that logged, scanned, forwarded or shredded it: the kind's name is the
 * subject; the excerpt says what the letter is and what to do (an unknown kind: we will read it).
 */
export async function mailLetterCustomer(
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  tx: DbOrTx,
  row: LetterRow,
  template: LetterMailTemplate,
): Promise<void> {
  if (!row.userId) return;
  const [person] = await tx
    .select({
      email: users.email,
      lang: users.lang,
      name: sql<string>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, row.userId));
  if (!person) return;
  const lang = toLanguage(person.lang) ?? 'tr';
  await deps.mailer.enqueue(
    {
      to: person.email,
      template,
      lang,
      vars: {
        name: person.name ?? '',
        // A held letter's way on is the renewal (decision 0089).
        url: `${deps.env.publicUrl}${template === 'mailroom.held' ? '/account/subscriptions' : '/mail'}`,
        subject: translate(lang, `mailroom.kinds.${row.kind}.name`),
        ...letterMailVars(row, template, lang),
      },
      dedupeKey: `mailroom:${row.id}:${row.userId}:${template}`,
    },
    tx,
  );
}

/** What the letter is and what to do, in the customer's language (the mail's quoted lines). */
export function letterExplanation(kind: LetterKind, lang: 'tr' | 'en'): string {
  const vars = letterTextVars(kind, lang);
  const key = (part: string) => translate(lang, `mailroom.kinds.${kind}.${part}`, vars);
  return `${key('meaning')}\n${key('todo')}`;
}

/** A kind's own sender check, as a refusal: an IRS notice logged from a bank is a slip of the hand. */
export function checkKindSender(kind: LetterKind, sender: Parameters<typeof kindFitsSender>[1]): void {
  if (!kindFitsSender(kind, sender))
    throw new ApiError('VALIDATION_FAILED', { kind: 'mailroom.validation.kindSender' });
}

export function isUrgentKind(kind: LetterKind): boolean {
  return letterKindInfo(kind).urgent;
}
