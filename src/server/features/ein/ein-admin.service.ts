import { and, asc, desc, eq, inArray, ne, type SQL, type SQLWrapper } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { isUuid } from '../../../shared/domain/ids';
import type { ActingPerson } from '../../../shared/domain/roles';
import { canAdvanceEin, type EinStatus } from '../../../shared/features/ein/ein.domain';
import type { adminEinListQuerySchema } from '../../../shared/features/ein/ein.schemas';
import { attributedTo } from '../../db/attribution';
import { withinDays } from '../../db/day-range';
import { mapPage, pagedList } from '../../db/paged-list';
import { companyFormations, einApplications, users } from '../../db/schema';
import { foldedContains } from '../../db/search';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { ApiError } from '../../platform/http/errors';
import { notifyStageChange } from '../timeline';
import { type AdminEinRow, type EinRow, loadFileNames, toAdminEinApplication } from './ein.mapper';
import { completeFormation } from './ein.service';
import { overdueCondition, overdueSummary } from './ein-follow-ups.service';
import { einForIssue } from './ein-number.service';
import { changeApplicationRow } from './ein-row.service';

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

/**
 * One page of the EIN desk as GET /api/admin/ein-applications answers it: the rows with their files'
 * names, and the overdue count. The route and a desk page's boot data (decision 0060) both read it.
 */
export async function einDeskPage(
  deps: Pick<AppDeps, 'database' | 'env'>,
  query: z.output<typeof adminEinListQuerySchema>,
) {
  const { db } = deps.database;
  const overdue = await overdueSummary(db, deps.env);
  const page = await listApplications(db, query, overdue.submittedBefore);
  const names = await loadFileNames(
    db,
    page.items.map((r) => r.app),
  );
  return { ...mapPage(page, (r) => toAdminEinApplication(r, names)), overdue };
}

export async function listApplications(
  db: DbOrTx,
  query: z.output<typeof adminEinListQuerySchema>,
  /** Decision 0050: with query.overdue, the day before which a submission is overdue (overdueCutoff). */
  overdueSubmittedBefore?: string,
) {
  const conditions: SQL[] = [];
  if (query.overdue && overdueSubmittedBefore) conditions.push(overdueCondition(overdueSubmittedBefore));
  if (query.status) conditions.push(eq(einApplications.einStatus, query.status));
  // An issued EIN waits for nothing: "waiting longest" lists the open applications unless asked for those.
  else if (query.sort === 'waiting_longest') conditions.push(ne(einApplications.einStatus, 'ein_issued'));
  if (query.q) conditions.push(inArray(einApplications.id, matchingApplicationIds(db, query.q)));
  conditions.push(...withinDays(einApplications.stageReachedAt, query.reachedFrom, query.reachedTo));
  conditions.push(...attributedTo(einApplications.userId, query));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.sort === 'created_desc' ? desc : asc;
  // Each sort has its (status, column, id) index: ein_applications_[status_]created / _stage_reached.
  const column = query.sort === 'waiting_longest' ? einApplications.stageReachedAt : einApplications.createdAt;
  return pagedList(db, query, {
    table: einApplications,
    tableName: 'ein_applications',
    id: einApplications.id,
    where,
    searched: Boolean(query.q),
    sort: column,
    ascending: order === asc,
    rows: (ids: string[] | SQLWrapper) =>
      adminRowQuery(db).where(inArray(einApplications.id, ids)).orderBy(order(column), order(einApplications.id)),
  });
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

/** The admin's one-step advance along the chain (product.md#ein-states); ein_issued also completes the process. */
export async function advanceApplication(
  deps: AppDeps,
  admin: ActingPerson,
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

export async function saveNotes(db: AppDeps['database']['db'], admin: ActingPerson, id: string, notes: string | null) {
  const adminNotes = notes?.trim() ? notes : null;
  return changeApplicationRow(db, admin, id, 'ein.notes_saved', (row) => ({
    set: { adminNotes },
    before: { adminNotes: row.adminNotes },
    after: { adminNotes },
  }));
}
