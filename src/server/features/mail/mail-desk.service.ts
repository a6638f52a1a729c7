import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { businessDaysBetween } from '../../../shared/catalogue/federal-holidays';
import type { DeskLetter, MailDeskQuery } from '../../../shared/features/mail/mail.contracts';
import { awaitsScan, offersEin, SCAN_TARGET_BUSINESS_DAYS } from '../../../shared/features/mail/mail.domain';
import { COUNT_CAP, cappedTotal, type ListTotal } from '../../db/list-total';
import { companyFormations, documents, einApplications, letters, users } from '../../db/schema';
import { foldedPattern } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import { type LetterRow, toLetterView } from './mail.service';

/*
 * The mail desk's list and its export (decision 0086) at a million customers (decision 0102):
 * a page's letter ids come from the letters' indexes alone, then their rows are joined; a search is two
 * indexed reads, the envelope's name and the company's name, joined as a union of ids.
 */

type DeskFilter = Omit<MailDeskQuery, 'page' | 'pageSize'>;

const deskColumns = {
  letter: letters,
  scanPath: documents.filePath,
  customerEmail: users.email,
  businessName: companyFormations.businessName,
  einStatus: einApplications.einStatus,
  hasEin: sql<boolean>`${einApplications.ein} is not null`,
  // A state's reminder shows the desk its compliance calendar item, as the customer's page does.
  companyState: companyFormations.stateSelected,
  formedOn: companyFormations.formedOn,
};

type DeskRaw = {
  letter: LetterRow;
  scanPath: string | null;
  customerEmail: string | null;
  businessName: string | null;
  einStatus: string | null;
  hasEin: boolean | null;
  companyState: string | null;
  formedOn: string | null;
};

export function toDeskLetter(r: DeskRaw, today: string): DeskLetter {
  // Not subscribed: the desk sees a stored held reason as it is.
  const company = { state: r.companyState, formedOn: r.formedOn };
  const { decisions: _decisions, ...view } = toLetterView(r.letter, r.scanPath, {}, false, company);
  const waiting = awaitsScan(r.letter.status) ? businessDaysBetween(r.letter.receivedOn, today) : null;
  return {
    businessDaysWaiting: waiting,
    late: waiting !== null && waiting > SCAN_TARGET_BUSINESS_DAYS,
    einOffer: offersEin(r.letter.kind, r.einStatus, Boolean(r.hasEin)),
    ...view,
    userId: r.letter.userId,
    envelopeName: r.letter.envelopeName,
    customerEmail: r.customerEmail,
    businessName: r.businessName,
    createdAt: r.letter.createdAt.toISOString(),
  };
}

export function deskSelect(db: DbOrTx) {
  return db
    .select({
      ...deskColumns,
      // The exact instant as PostgreSQL prints it (microseconds): the export's keyset cursor.
      createdKey: sql<string>`${letters.createdAt}::text`,
    })
    .from(letters)
    .leftJoin(documents, eq(documents.id, letters.scanDocumentId))
    .leftJoin(users, eq(users.id, letters.userId))
    .leftJoin(companyFormations, eq(companyFormations.userId, letters.userId))
    .leftJoin(einApplications, eq(einApplications.userId, letters.userId));
}

const QUEUE_STATUS = {
  to_scan: 'scan_requested',
  waiting: 'received',
  to_forward: 'to_forward',
  to_shred: 'shred_requested',
  held: 'held',
} as const;

/**
 * A queue's letters, written as the partial indexes of migration 0050 are (a state's matched letters,
 * the unmatched ones), so that the planner reads them in order from there.
 */
function queueCondition(queue: DeskFilter['queue']): SQL | undefined {
  if (queue === 'all') return undefined;
  if (queue === 'unmatched') return isNull(letters.userId);
  return and(isNotNull(letters.userId), eq(letters.status, QUEUE_STATUS[queue]));
}

/** Staff work a queue oldest first (to scan, unmatched, ...); every letter shows urgent first, then newest. */
function oldestFirst(queue: DeskFilter['queue']): boolean {
  return queue !== 'all';
}

function deskOrder(oldest: boolean) {
  return oldest
    ? [asc(letters.createdAt), asc(letters.id)]
    : [desc(letters.urgent), desc(letters.createdAt), desc(letters.id)];
}

/** The same order over a branch's or a union's columns (id, urgent, created_at), unqualified. */
function orderSql(oldest: boolean): SQL {
  return oldest ? sql`created_at asc, id asc` : sql`urgent desc, created_at desc, id desc`;
}

/**
 * The letters a search names, as separate branches: by the folded envelope name (its trigram index), and
 * by the company's folded name (the companies through their trigram index, their letters through
 * letters_user_received_idx). One `or` of the two read every letter (6 s at a million customers). The
 * company's branch leaves out the letters the envelope's names, so the two never share a letter and
 * `union all` streams: a `union` would collect every match of a broad search before its limit. An
 * unmatched letter has no company, so the tray reads the envelope's branch only.
 */
function searchBranches(filter: DeskFilter, extra?: SQL): SQL[] {
  const pattern = foldedPattern(filter.q ?? '');
  const where = and(queueCondition(filter.queue), extra) ?? sql`true`;
  const envelopeMatches = sql`fold_tr(${letters.envelopeName}) like ${pattern}`;
  const byEnvelope = sql`select id, urgent, created_at from ${letters} where ${where} and ${envelopeMatches}`;
  if (filter.queue === 'unmatched') return [byEnvelope];
  const byCompany = sql`select id, urgent, created_at from ${letters}
    where ${where} and ${letters.userId} in (select ${companyFormations.userId} from ${companyFormations}
      where fold_tr(${companyFormations.businessName}) like ${pattern}) and not ${envelopeMatches}`;
  return [byEnvelope, byCompany];
}

const union = sql` union all `;

type Rows<T> = { rows: T[] };

/**
 * The ids of a search's page in the list's order: each branch cut to the rows the page can take before the
 * union, as the deadlines desk does (decision 0100), since PostgreSQL plans no ordered merge of a union.
 */
async function searchedIds(
  db: DbOrTx,
  filter: DeskFilter,
  cut: { oldest: boolean; after?: SQL; limit: number; offset: number },
): Promise<string[]> {
  const order = orderSql(cut.oldest);
  const take = cut.offset + cut.limit;
  const branches = searchBranches(filter, cut.after).map((branch) => sql`(${branch} order by ${order} limit ${take})`);
  const result = (await db.execute(sql`select id from (${sql.join(branches, union)}) as u
    order by ${order} limit ${cut.limit} offset ${cut.offset}`)) as unknown as Rows<{ id: string }>;
  return result.rows.map((r) => String(r.id));
}

/**
 * A search's page and exact total from one pass over its matches (as searchedPage does, decision 0031), or
 * null when more than the cap match: then the page comes from the cut branches and the total is "10,000+".
 */
async function searchedHits(
  db: DbOrTx,
  filter: DeskFilter,
  page: { limit: number; offset: number },
  cap: number,
): Promise<{ ids: string[]; total: number } | null> {
  const order = orderSql(oldestFirst(filter.queue));
  const result = (await db.execute(sql`
    with hits as materialized (${sql.join(searchBranches(filter), union)} limit ${cap + 1})
    select (select count(*) from hits) as n,
           (select coalesce(json_agg(p.id order by ${order}), '[]'::json)
              from (select id, urgent, created_at from hits order by ${order}
                    limit ${page.limit} offset ${page.offset}) as p) as ids
  `)) as unknown as Rows<{ n: string | number; ids: string[] | string }>;
  const row = result.rows[0];
  const total = Number(row?.n ?? 0);
  if (total > cap) return null;
  const ids = typeof row?.ids === 'string' ? (JSON.parse(row.ids) as string[]) : (row?.ids ?? []);
  return { ids: ids.map(String), total };
}

async function rowsOf(db: DbOrTx, ids: string[], oldest: boolean) {
  if (ids.length === 0) return [];
  return deskSelect(db)
    .where(inArray(letters.id, ids))
    .orderBy(...deskOrder(oldest));
}

/**
 * One page of a queue, oldest first where staff work it (to scan, unmatched), else urgent first, newest.
 * `cap` is where counting stops (COUNT_CAP; a test sets a small one).
 */
export async function listDesk(
  db: DbOrTx,
  query: MailDeskQuery,
  today: string,
  cap = COUNT_CAP,
): Promise<{ rows: DeskLetter[] } & ListTotal> {
  const offset = (query.page - 1) * query.pageSize;
  const oldest = oldestFirst(query.queue);
  if (query.q) {
    const hit = await searchedHits(db, query, { limit: query.pageSize, offset }, cap);
    const ids = hit?.ids ?? (await searchedIds(db, query, { oldest, limit: query.pageSize, offset }));
    const total: ListTotal = hit ? { total: hit.total, totalKind: 'exact' } : { total: cap, totalKind: 'atLeast' };
    return { rows: (await rowsOf(db, ids, oldest)).map((r) => toDeskLetter(r, today)), ...total };
  }
  const where = queueCondition(query.queue);
  // The page's ids from the index alone, then their rows: a deep page skips index entries, not joined rows.
  const pageIds = db
    .select({ id: letters.id })
    .from(letters)
    .where(where)
    .orderBy(...deskOrder(oldest))
    .limit(query.pageSize)
    .offset(offset);
  const [rows, total] = await Promise.all([
    deskSelect(db)
      .where(inArray(letters.id, pageIds))
      .orderBy(...deskOrder(oldest)),
    cappedTotal(db, db.select({ id: letters.id }).from(letters).where(where), cap),
  ]);
  return { rows: rows.map((r) => toDeskLetter(r, today)), ...total };
}

/** The filter's letters in keyset pages on (created, id), oldest first, for the CSV export. */
export async function* deskPages(
  db: DbOrTx,
  filter: DeskFilter,
  today: string,
  pageSize = 1000,
): AsyncGenerator<DeskLetter[]> {
  let cursor: { createdKey: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${letters.createdAt}, ${letters.id}) > (${cursor.createdKey}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: (DeskRaw & { createdKey: string })[] = filter.q
      ? await rowsOf(db, await searchedIds(db, filter, { oldest: true, after, limit: pageSize, offset: 0 }), true)
      : await deskSelect(db)
          .where(and(queueCondition(filter.queue), after))
          .orderBy(...deskOrder(true))
          .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map((r) => toDeskLetter(r, today));
    if (rows.length < pageSize) return;
    const last: DeskRaw & { createdKey: string } = rows[rows.length - 1];
    cursor = { createdKey: last.createdKey, id: last.letter.id };
  }
}
