import { type AnyColumn, and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DocumentCategory } from '../../../shared/domain/files';
import type { adminUserListQuerySchema } from '../../../shared/features/users/users-admin.schemas';
import { attributedTo } from '../../db/attribution';
import { withinDays } from '../../db/day-range';
import { pagedList } from '../../db/paged-list';
import { companyFormations, documents, userProfiles, users } from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { storeThenRecord } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { storeDocumentRow } from '../documents';

export interface AdminActor {
  id: string;
}

/**
 * The name staff see: the one the profile holds (edited here), else the sign-up name. An empty string
 * counts as none, so the page shows 'No Name' rather than a blank line.
 */
const displayName = sql<string | null>`coalesce(nullif(${userProfiles.displayName}, ''), nullif(${users.name}, ''))`;

const listColumns = { id: users.id, email: users.email, displayName, role: users.role, joinedAt: users.createdAt };

function userRowQuery(db: DbOrTx) {
  return db.select(listColumns).from(users).leftJoin(userProfiles, eq(userProfiles.id, users.id));
}

export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof userRowQuery>['execute']>>[number];

/**
 * Every account, customers and admins alike (product.md#roles-and-permissions: an admin can "see all users"), paged and
 * ordered by joined date in SQL. `q` matches email, sign-up name and display name folded (trigram
 * indexes of migration 0004), or an id exactly: ids are random, so a part of one finds nothing useful.
 */
export async function listUsers(db: DbOrTx, query: z.output<typeof adminUserListQuerySchema>) {
  // The joined days: a range of users_created_idx.
  const filters: SQL[] = withinDays(users.createdAt, query.joinedFrom, query.joinedTo);
  if (query.customers) filters.push(eq(users.role, 'customer'));
  filters.push(...attributedTo(users.id, query));
  const search: SQL | undefined = query.q ? inArray(users.id, matchingUserIds(db, query.q)) : undefined;
  const where: SQL | undefined = search || filters.length ? and(search, ...filters) : undefined;
  const order = query.sort === 'oldest' ? asc : desc;
  return pagedList(db, query, {
    table: users,
    tableName: 'users',
    id: users.id,
    where,
    searched: search !== undefined,
    sort: users.createdAt,
    ascending: query.sort === 'oldest',
    rows: (ids: string[] | SQLWrapper) =>
      userRowQuery(db).where(inArray(users.id, ids)).orderBy(order(users.createdAt), order(users.id)),
  });
}

/**
 * The ids of accounts whose email, name or display name contains q (folded), or whose id is q. One
 * query per table, joined by UNION: an OR across two joined tables cannot use either table's trigram
 * index, and over a million accounts that is a scan of seconds instead of milliseconds.
 */
export function matchingUserIds(db: DbOrTx, q: string) {
  return union(
    db
      .select({ id: users.id })
      .from(users)
      .where(or(foldedContains([users.email, users.name], q), eq(users.id, q))),
    db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(foldedContains([userProfiles.displayName], q)),
  );
}

/**
 * `column` names a customer whose account matches `q` (matchingUserIds). Written `= any(array(…))`, not
 * `in (…)`: the matches are then one array worked out first, and the list's own (user, …) index finds
 * their rows, where `in` let the planner guess thousands of matches and read the whole table (an
 * order search at a million customers: 160 ms against 37).
 */
export function customerMatches(db: DbOrTx, column: AnyColumn, q: string): SQL {
  return sql`${column} = any(array(${matchingUserIds(db, q)}))`;
}

export async function findUserDetail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      formationPreference: companyFormations.companyFormationPreference,
      formationStatus: companyFormations.formationStatus,
      paymentStatus: companyFormations.paymentStatus,
      utmSource: userProfiles.utmSource,
      utmMedium: userProfiles.utmMedium,
      utmCampaign: userProfiles.utmCampaign,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(companyFormations, eq(companyFormations.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  const docs = await db
    .select()
    .from(documents)
    .where(eq(documents.userId, id))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return { ...row, documents: docs };
}

export type AdminUserDetailRow = NonNullable<Awaited<ReturnType<typeof findUserDetail>>>;

/**
 * Sets user_profiles.display_name, creating the profile for an account that has none (one made
 * before profiles existed, or by hand). The sign-in account's name and email are left alone.
 */
export async function updateDisplayName(db: AppDeps['database']['db'], admin: AdminActor, id: string, name: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new ApiError('NOT_FOUND');
    const [before] = await tx
      .select({ displayName: userProfiles.displayName })
      .from(userProfiles)
      .where(eq(userProfiles.id, id))
      .limit(1)
      .for('update');
    await tx
      .insert(userProfiles)
      .values({ id, email: user.email, displayName: name })
      .onConflictDoUpdate({ target: userProfiles.id, set: { displayName: name, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: 'admin',
      action: 'user.display_name_changed',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      before: { displayName: before?.displayName ?? null },
      after: { displayName: name },
    });
  });
}

/**
 * An admin's upload into a user's vault (product.md#roles-and-permissions): stored under the user's id with uploaded_by
 * 'admin', so it shows in the customer's own documents; the row and its audit commit together and a
 * failure removes the stored file.
 */
export async function addUserDocument(
  deps: AppDeps,
  admin: AdminActor,
  userId: string,
  category: DocumentCategory,
  file: UploadedFile,
) {
  return storeThenRecord(
    deps,
    { folder: category, userId, kind: file.kind, data: file.data, contentType: file.contentType },
    (key) =>
      deps.database.db.transaction(async (tx) => {
        // The account may have been deleted while the file was on its way.
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
        if (!user) throw new ApiError('NOT_FOUND');
        const row = await storeDocumentRow(tx, {
          userId,
          fileName: file.fileName,
          filePath: key,
          category,
          uploadedBy: 'admin',
          contentType: file.contentType,
          fileSize: String(file.size),
          // A file filed as an SS-4 is one: it carries the responsible party's SSN (decision 0066).
          holdsTaxId: category === 'ss4',
        });
        await recordAudit(tx, {
          actorId: admin.id,
          actorRole: 'admin',
          action: 'document.uploaded',
          entityType: 'document',
          entityId: row.id,
          subjectUserId: userId,
          after: { category, file: key, fileName: file.fileName, size: file.size, uploadedBy: 'admin' },
        });
        return row;
      }),
  );
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}
