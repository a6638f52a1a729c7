import { and, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type {
  BankApplicationFilter,
  BankApplicationRow,
} from '../../../shared/features/bank-readiness/bank-readiness.contracts';
import { pagedList } from '../../db/paged-list';
import { bankApplications, companyFormations, userProfiles, users } from '../../db/schema';
import { foldedPattern } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import { customerMatches } from '../users';

/**
 * The back office's list of bank applications (decision 0091): what the home's bank figures count, one
 * row per answer a customer recorded, newest first, filtered and searched in SQL.
 */

/**
 * A refusal reason as the home's figures group it (bankSummary): trimmed and in lower case. The list's
 * `reason` filter compares this whole, so the reason's figure and the list behind it count the same rows
 * (migration 0045's partial index is on this expression).
 */
export const foldedReason = sql<string>`lower(trim(${bankApplications.reason}))`;

function filterCondition(db: DbOrTx, filter: BankApplicationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.provider) conditions.push(eq(bankApplications.provider, filter.provider));
  if (filter.outcome) conditions.push(eq(bankApplications.outcome, filter.outcome));
  if (filter.reason) {
    conditions.push(eq(bankApplications.outcome, 'refused'), sql`${foldedReason} = lower(trim(${filter.reason}))`);
  }
  if (filter.q) {
    // The customer (email, names, id) through the users' trigram indexes, or the company's name through
    // the formations' (migration 0004); each an array of ids the (user_id, created_at) index then reads.
    const companies = db
      .select({ id: companyFormations.userId })
      .from(companyFormations)
      .where(sql`fold_tr(${companyFormations.businessName}) like ${foldedPattern(filter.q)}`);
    conditions.push(
      or(
        customerMatches(db, bankApplications.userId, filter.q),
        sql`${bankApplications.userId} = any(array(${companies}))`,
      ) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

const rowColumns = {
  id: bankApplications.id,
  userId: bankApplications.userId,
  customerEmail: users.email,
  customerName: sql<string | null>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(${users.name}, ''))`,
  businessName: companyFormations.businessName,
  provider: bankApplications.provider,
  outcome: bankApplications.outcome,
  reason: bankApplications.reason,
  decidedOn: bankApplications.decidedOn,
  createdAt: bankApplications.createdAt,
};

function withPeople(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(bankApplications)
    .innerJoin(users, eq(users.id, bankApplications.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, bankApplications.userId))
    .leftJoin(companyFormations, eq(companyFormations.userId, bankApplications.userId));
}

type RawRow = Omit<BankApplicationRow, 'createdAt'> & { createdAt: Date };
const toRow = (r: RawRow): BankApplicationRow => ({ ...r, createdAt: r.createdAt.toISOString() });

/** One page of the list, newest first, with an exact, capped or estimated total (decision 0080). */
export function listBankApplications(db: DbOrTx, query: BankApplicationFilter & { page: number; pageSize: number }) {
  return pagedList(db, query, {
    table: bankApplications,
    tableName: 'bank_applications',
    id: bankApplications.id,
    where: filterCondition(db, query),
    searched: Boolean(query.q),
    sort: bankApplications.createdAt,
    ascending: false,
    rows: async (ids: string[] | SQLWrapper) =>
      (
        await withPeople(db)
          .where(inArray(bankApplications.id, ids))
          .orderBy(desc(bankApplications.createdAt), desc(bankApplications.id))
      ).map((r) => toRow(r as RawRow)),
  });
}

/**
 * The filter's rows in keyset pages, newest first, for the CSV export. The instant travels as
 * PostgreSQL's text (microseconds), which a JS Date (milliseconds) would round.
 */
export async function* bankApplicationPages(
  db: DbOrTx,
  filter: BankApplicationFilter,
  pageSize = 1000,
): AsyncGenerator<BankApplicationRow[]> {
  const base = filterCondition(db, filter);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${bankApplications.createdAt}, ${bankApplications.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const page: (RawRow & { sortKey: string })[] = await db
      .select({ ...rowColumns, sortKey: sql<string>`${bankApplications.createdAt}::text` })
      .from(bankApplications)
      .innerJoin(users, eq(users.id, bankApplications.userId))
      .leftJoin(userProfiles, eq(userProfiles.id, bankApplications.userId))
      .leftJoin(companyFormations, eq(companyFormations.userId, bankApplications.userId))
      .where(and(base, after))
      .orderBy(desc(bankApplications.createdAt), desc(bankApplications.id))
      .limit(pageSize);
    if (page.length === 0) return;
    yield page.map(({ sortKey: _, ...r }) => toRow(r));
    if (page.length < pageSize) return;
    const last: RawRow & { sortKey: string } = page[page.length - 1];
    cursor = { at: last.sortKey, id: last.id };
  }
}
