import { and, asc, desc, eq, inArray, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IRS_FORM_5472_SEND_TO } from '../../../shared/catalogue/irs-fax';
import { stateItemAct } from '../../../shared/domain/state-item-act';
import type {
  AdminFilingView,
  adminFilingExportQuerySchema,
  adminFilingListQuerySchema,
} from '../../../shared/features/filings/filings.contracts';
import {
  canExtend,
  type FilingSort,
  isStateFilable,
  type SubmitMethod,
} from '../../../shared/features/filings/filings.domain';
import type { FilingAnswers } from '../../../shared/features/filings/form-5472.domain';
import { formatCalendarDateLong } from '../../../shared/format/dates';
import { translate } from '../../../shared/i18n';
import { pagedList } from '../../db/paged-list';
import { filings, userProfiles, users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { serverToday } from '../../platform/clock';
import { ApiError } from '../../platform/http/errors';
import { discardFiles, putNewFile, storeThenRecord } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';
import { requireRealItem } from '../compliance';
import { deleteDocumentRows } from '../documents';
import { customerMatches } from '../users';
import {
  FILING_ENTITY,
  type FilingRow,
  findFiling,
  formCopiesHoldTaxId,
  moveFiling,
  toFilingView,
  vaultDocument,
} from './filings.service';
import { form5472Due } from './filings-daily.service';
import { fillFormTemplate, loadFormTemplate, renderFilingDataSheet } from './filings-forms.service';
import { decryptFilingForeignTaxId, decryptFilingTaxId } from './filings-tax-id.service';

type ListQuery = z.output<typeof adminFilingListQuerySchema>;
type Filter = Omit<ListQuery, 'page' | 'pageSize'>;
export type FilingExportQuery = z.output<typeof adminFilingExportQuerySchema>;

const admin = (id: string) => ({ id, role: 'admin' as const });

const rowColumns = {
  id: filings.id,
  kind: filings.kind,
  extendedOn: filings.extendedOn,
  ruleId: filings.ruleId,
  taxYear: filings.taxYear,
  status: filings.status,
  statusSince: filings.statusSince,
  dueDate: filings.dueDate,
  userId: filings.userId,
  email: users.email,
  name: sql<string | null>`coalesce(nullif(${userProfiles.displayName}, ''), ${users.name})`,
};

export interface AdminFilingListRow {
  id: string;
  kind: FilingRow['kind'];
  extendedOn: string | null;
  ruleId: string;
  taxYear: number;
  status: FilingRow['status'];
  statusSince: Date;
  dueDate: string;
  userId: string;
  email: string;
  name: string | null;
}

function rowQuery(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(filings)
    .innerJoin(users, eq(users.id, filings.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, filings.userId));
}

/**
 * The filter as one condition on filings alone, each on an index of migration's (column, status_since,
 * id) kind: the year, the kind (form_7004 is an extended Form 5472, a partial index), the status; the
 * customer search is a semi-join on the accounts it matches (folded).
 */
function filterCondition(db: DbOrTx, filter: Filter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.year) conditions.push(eq(filings.taxYear, filter.year));
  if (filter.kind === 'form_7004') conditions.push(isNotNull(filings.extendedOn));
  else if (filter.kind) conditions.push(eq(filings.kind, filter.kind));
  if (filter.status) conditions.push(eq(filings.status, filter.status));
  if (filter.q) conditions.push(customerMatches(db, filings.userId, filter.q));
  return conditions.length ? and(...conditions) : undefined;
}

function order(sort: FilingSort) {
  if (sort === 'newest') return [desc(filings.createdAt), desc(filings.id)];
  if (sort === 'due') return [asc(filings.dueDate), asc(filings.id)];
  return [asc(filings.statusSince), asc(filings.id)];
}

function sortColumn(sort: FilingSort) {
  return sort === 'newest' ? filings.createdAt : sort === 'due' ? filings.dueDate : filings.statusSince;
}

/** One page of /admin/filings, in SQL, with an exact, capped or estimated total. */
export function listFilings(db: DbOrTx, query: ListQuery) {
  return pagedList(db, query, {
    table: filings,
    tableName: 'filings',
    id: filings.id,
    where: filterCondition(db, query),
    searched: Boolean(query.q),
    sort: sortColumn(query.sort),
    ascending: query.sort !== 'newest',
    rows: (ids: string[] | SQLWrapper) =>
      rowQuery(db)
        .where(inArray(filings.id, ids))
        .orderBy(...order(query.sort)),
  });
}

/** The filter's rows in pages of `pageSize` (offset paging on the list's indexed order), for the export. */
export async function* exportFilingPages(db: DbOrTx, filter: Filter, pageSize = 1000) {
  const where = filterCondition(db, filter);
  for (let offset = 0; ; offset += pageSize) {
    const ids = await db
      .select({ id: filings.id })
      .from(filings)
      .where(where)
      .orderBy(...order(filter.sort))
      .limit(pageSize)
      .offset(offset);
    if (ids.length === 0) return;
    yield await rowQuery(db)
      .where(
        inArray(
          filings.id,
          ids.map((r) => r.id),
        ),
      )
      .orderBy(...order(filter.sort));
    if (ids.length < pageSize) return;
  }
}

export async function templateStatuses(deps: Pick<AppDeps, 'env'>) {
  const [f5472, f1120] = await Promise.all([
    loadFormTemplate('f5472', deps.env.F5472_TEMPLATE_PATH, deps.env.F5472_FIELD_MAP_PATH),
    loadFormTemplate('f1120', deps.env.F1120_TEMPLATE_PATH, deps.env.F1120_FIELD_MAP_PATH),
  ]);
  return { f5472, f1120 };
}

/** The catalogue's fax number and address for a Form 5472 (fact check 6g), as the desk shows them. */
function form5472SendTo() {
  const { fax, mail, source, check } = IRS_FORM_5472_SEND_TO;
  return { fax, mail: [...mail], source, check: { kind: check.kind, row: check.row } };
}

export async function adminFilingView(deps: AppDeps, row: FilingRow): Promise<AdminFilingView> {
  const db = deps.database.db;
  const [[customer], view, templates] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, name: rowColumns.name })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.id, users.id))
      .where(eq(users.id, row.userId)),
    toFilingView(db, row),
    templateStatuses(deps),
  ]);
  return {
    ...view,
    customer: customer ?? { id: row.userId, email: '', name: null },
    preparedAs: row.preparedAs,
    templates: { f5472: templates.f5472.status, f1120: templates.f1120.status },
    formsCarryTaxId: row.usTaxIdLast4 !== null || row.usTaxIdPurgedAt !== null,
    sendTo: row.kind === 'form_5472' ? form5472SendTo() : null,
  };
}

export async function requireFiling(db: DbOrTx, id: string): Promise<FilingRow> {
  const row = await findFiling(db, id);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

async function lock(tx: DbOrTx, id: string): Promise<FilingRow> {
  // A malformed id is an unknown one (a uuid column would refuse it with a database error).
  if (!(await findFiling(tx, id))) throw new ApiError('NOT_FOUND');
  const [row] = await tx.select().from(filings).where(eq(filings.id, id)).limit(1).for('update');
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

/** The answers the forms are filled from: the only place the owner's SSN or ITIN (decision 0058) and foreign tax number (0077) are decrypted. */
export function filingFormAnswers(row: FilingRow, keyHex: string): FilingAnswers {
  const stored = row.answers as Omit<FilingAnswers, 'taxYear'>;
  return {
    taxYear: row.taxYear,
    ...stored,
    owner: {
      ...stored.owner,
      usTaxId: decryptFilingTaxId(row, keyHex),
      foreignTaxId: decryptFilingForeignTaxId(row, keyHex),
    },
  };
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N} .,&'-]+/gu, ' ').trim() || 'company';

/**
 * Prepares the forms from the answers: both templates filled when both are set and usable, else (none
 * set) the data sheet. A template that is set but unusable refuses (FILING_TEMPLATE_UNAVAILABLE) rather
 * than quietly falling back. The files go into the customer's vault, marked when they print the owner's
 * SSN or ITIN; the forms a previous "Prepare" made are deleted with their rows in the same transaction
 * (their files after commit: decision 0066). The customer is mailed.
 */
export async function prepareFiling(deps: AppDeps, adminId: string, id: string): Promise<FilingRow> {
  const db = deps.database.db;
  const row = await requireFiling(db, id);
  if (row.kind !== 'form_5472' || (row.status !== 'answered' && row.status !== 'prepared')) {
    throw new ApiError('INVALID_TRANSITION');
  }
  const answers = filingFormAnswers(row, deps.encryptionKey);
  // Every form and the data sheet print lines 4b(1) and 8b(1): the number, when the owner gave one,
  // and the foreign tax number (a T.C. kimlik numarası), kept encrypted like it (decision 0077).
  const holdsTaxId = answers.owner.usTaxId !== '' || answers.owner.foreignTaxId !== '';
  const { f5472, f1120 } = await templateStatuses(deps);
  const configured = f5472.status.reason !== 'notConfigured' || f1120.status.reason !== 'notConfigured';
  const files: {
    fileName: string;
    data: Uint8Array;
    column: 'form5472DocumentId' | 'form1120DocumentId' | 'dataSheetDocumentId';
  }[] = [];
  const name = safeName(answers.company.name);
  if (configured) {
    if (!f5472.bytes || !f1120.bytes) {
      throw new ApiError('FILING_TEMPLATE_UNAVAILABLE', {
        template: (!f5472.bytes ? f5472.status.reason : f1120.status.reason) ?? 'notConfigured',
      });
    }
    files.push({
      fileName: `Form 5472 ${answers.taxYear} ${name}.pdf`,
      data: (await fillFormTemplate('f5472', f5472.bytes, answers, { fieldNames: f5472.fieldNames })).bytes,
      column: 'form5472DocumentId',
    });
    files.push({
      fileName: `Form 1120 pro forma ${answers.taxYear} ${name}.pdf`,
      data: (await fillFormTemplate('f1120', f1120.bytes, answers, { fieldNames: f1120.fieldNames })).bytes,
      column: 'form1120DocumentId',
    });
  } else {
    const [user] = await db.select({ lang: users.lang }).from(users).where(eq(users.id, row.userId));
    files.push({
      fileName: `Form 5472 data sheet ${answers.taxYear} ${name}.pdf`,
      data: await renderFilingDataSheet({ lang: user?.lang ?? 'tr', answers, today: serverToday(deps.env) }),
      column: 'dataSheetDocumentId',
    });
  }
  const keys: string[] = [];
  try {
    for (const f of files) {
      keys.push(
        await putNewFile(deps.storage, {
          folder: 'filings',
          userId: row.userId,
          kind: 'pdf',
          data: f.data,
          contentType: 'application/pdf',
        }),
      );
    }
    const { updated, replacedKeys } = await db.transaction(async (tx) => {
      const locked = await lock(tx, id);
      const replaced = [locked.form5472DocumentId, locked.form1120DocumentId, locked.dataSheetDocumentId].filter(
        (docId): docId is string => docId !== null,
      );
      const columns: Partial<typeof filings.$inferInsert> = {
        form5472DocumentId: null,
        form1120DocumentId: null,
        dataSheetDocumentId: null,
        preparedAs: configured ? 'forms' : 'data_sheet',
      };
      for (const [i, f] of files.entries()) {
        const doc = await vaultDocument(
          tx,
          row.userId,
          keys[i],
          { fileName: f.fileName, contentType: 'application/pdf', size: f.data.length },
          'admin',
          holdsTaxId,
        );
        columns[f.column] = doc.id;
      }
      const moved = await moveFiling(tx, locked, 'prepared', admin(adminId), columns);
      // The replaced forms go, rows now (nothing can list or serve them after commit), bytes after it.
      const gone = await deleteDocumentRows(tx, replaced);
      await mailCustomer(deps, tx, moved, 'filings.prepared');
      return { updated: moved, replacedKeys: gone };
    });
    deps.mailer.kick();
    await discardFiles(deps, replacedKeys);
    return updated;
  } catch (err) {
    await discardFiles(deps, keys);
    throw err;
  }
}

async function mailCustomer(
  deps: AppDeps,
  tx: DbOrTx,
  row: FilingRow,
  template: 'filings.prepared' | 'filings.submitted' | 'filings.stateFiled' | 'filings.statePaid',
) {
  const [person] = await tx
    .select({ email: users.email, lang: users.lang, name: rowColumns.name })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, row.userId));
  if (!person) return;
  const lang = person.lang;
  const what =
    row.kind === 'form_5472'
      ? translate(lang, 'mail.filings.form5472', { year: row.taxYear })
      : translate(lang, `compliance.rules.${row.ruleId}.name`);
  await deps.mailer.enqueue(
    {
      to: person.email,
      template,
      lang,
      vars: {
        name: person.name ?? '',
        url: `${deps.env.publicUrl}/filings/${row.id}`,
        subject: what,
        excerpt: row.filedOn
          ? translate(lang, template === 'filings.statePaid' ? 'mail.filings.paidLine' : 'mail.filings.filedLine', {
              date: formatCalendarDateLong(row.filedOn, lang),
              confirmation: row.confirmationNumber ?? '—',
            })
          : undefined,
      },
      dedupeKey: `filing:${row.id}:${template}:${row.preparedAt?.getTime() ?? ''}:${row.filedOn ?? ''}`,
    },
    tx,
  );
}

/** Staff faxed or mailed the signed forms: the confirmation goes into the customer's vault. */
export async function markSubmitted(
  deps: AppDeps,
  adminId: string,
  id: string,
  input: { method: SubmitMethod; filedOn: string; confirmationNumber?: string },
  file: UploadedFile,
): Promise<FilingRow> {
  const row = await requireFiling(deps.database.db, id);
  if (row.kind !== 'form_5472' || row.status !== 'signed') throw new ApiError('INVALID_TRANSITION');
  if (input.filedOn > serverToday(deps.env)) {
    throw new ApiError('VALIDATION_FAILED', { filedOn: 'filings.validation.dateInFuture' });
  }
  const result = await storeThenRecord(
    deps,
    { folder: 'filings', userId: row.userId, kind: file.kind, data: file.data, contentType: file.contentType },
    (key) =>
      deps.database.db.transaction(async (tx) => {
        const locked = await lock(tx, id);
        const doc = await vaultDocument(tx, row.userId, key, file, 'admin', await formCopiesHoldTaxId(tx, locked));
        const moved = await moveFiling(tx, locked, 'submitted', admin(adminId), {
          submitMethod: input.method,
          filedOn: input.filedOn,
          confirmationNumber: input.confirmationNumber?.trim() || null,
          confirmationDocumentId: doc.id,
        });
        await mailCustomer(deps, tx, moved, 'filings.submitted');
        return moved;
      }),
  );
  deps.mailer.kick();
  return result;
}

/** The IRS side is finished (nothing more to send). */
export async function markDoneFiling(deps: AppDeps, adminId: string, id: string): Promise<FilingRow> {
  return deps.database.db.transaction(async (tx) => {
    const locked = await lock(tx, id);
    if (locked.kind !== 'form_5472') throw new ApiError('INVALID_TRANSITION');
    return moveFiling(tx, locked, 'done', admin(adminId));
  });
}

/** Form 7004 filed on `filedOn`: the due date becomes the extended one (15 October). Once only. */
export async function recordExtension(deps: AppDeps, adminId: string, id: string, filedOn: string): Promise<FilingRow> {
  if (filedOn > serverToday(deps.env)) {
    throw new ApiError('VALIDATION_FAILED', { filedOn: 'filings.validation.dateInFuture' });
  }
  return deps.database.db.transaction(async (tx) => {
    const locked = await lock(tx, id);
    if (locked.kind !== 'form_5472' || locked.extendedOn || !canExtend(locked.status)) {
      throw new ApiError('INVALID_TRANSITION');
    }
    const { dueDate, extendedDueDate } = form5472Due(locked.taxYear);
    if (filedOn > dueDate) throw new ApiError('VALIDATION_FAILED', { filedOn: 'filings.validation.extensionLate' });
    const [updated] = await tx
      .update(filings)
      .set({ extendedOn: filedOn, dueDate: extendedDueDate, updatedAt: new Date() })
      .where(eq(filings.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      actorRole: 'admin',
      action: 'filing.extended',
      entityType: FILING_ENTITY,
      entityId: id,
      subjectUserId: locked.userId,
      before: { dueDate: locked.dueDate },
      after: {
        dueDate: extendedDueDate,
        extendedOn: filedOn,
        kind: locked.kind,
        ruleId: locked.ruleId,
        taxYear: locked.taxYear,
      },
    });
    return updated;
  });
}

/**
 * Staff filed a state item (decision 0052): the filing of that calendar item (made now if the customer
 * never ordered it) is done, with the state's confirmation number and date, and the receipt goes into
 * the customer's vault. The item must be one of the customer's real state items today.
 */
export async function markStateFiled(
  deps: AppDeps,
  adminId: string,
  input: { userId: string; itemKey: string; filedOn: string; confirmationNumber: string },
  file: UploadedFile,
): Promise<FilingRow> {
  const db = deps.database.db;
  const today = serverToday(deps.env);
  if (input.filedOn > today) throw new ApiError('VALIDATION_FAILED', { filedOn: 'filings.validation.dateInFuture' });
  const item = await requireRealItem(db, input.userId, input.itemKey, today);
  if (!isStateFilable(item.ruleId)) {
    throw new ApiError('VALIDATION_FAILED', { itemKey: 'filings.validation.notStateItem' });
  }
  const result = await storeThenRecord(
    deps,
    { folder: 'filings', userId: input.userId, kind: file.kind, data: file.data, contentType: file.contentType },
    (key) =>
      db.transaction(async (tx) => {
        await tx
          .insert(filings)
          .values({
            userId: input.userId,
            kind: 'state_report',
            ruleId: item.ruleId,
            itemKey: input.itemKey,
            taxYear: Number(item.dueDate.slice(0, 4)),
            status: 'open',
            dueDate: item.dueDate,
          })
          .onConflictDoNothing();
        const [existing] = await tx
          .select()
          .from(filings)
          .where(and(eq(filings.userId, input.userId), eq(filings.itemKey, input.itemKey)))
          .for('update');
        // A state's receipt names the company, never the owner's U.S. number.
        const doc = await vaultDocument(tx, input.userId, key, file, 'admin', false);
        const moved = await moveFiling(tx, existing, 'done', admin(adminId), {
          filedOn: input.filedOn,
          confirmationNumber: input.confirmationNumber,
          confirmationDocumentId: doc.id,
        });
        await mailCustomer(
          deps,
          tx,
          moved,
          stateItemAct(moved.ruleId) === 'paid' ? 'filings.statePaid' : 'filings.stateFiled',
        );
        return moved;
      }),
  );
  deps.mailer.kick();
  return result;
}
