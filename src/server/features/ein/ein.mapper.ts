import { inArray } from 'drizzle-orm';
import type { AdminEinApplication, CustomerEinApplication } from '../../../shared/features/ein/ein.contracts';
import { einStage, maskSsn, nextEinStatus } from '../../../shared/features/ein/ein.domain';
import { formatEin } from '../../../shared/features/ein/ein-number.domain';
import type { FormationStatus } from '../../../shared/features/formations/formation.domain';
import { ssnPurgeNotice } from '../../../shared/features/retention/retention.domain';
import { documents, type einApplications } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { fileUrl } from '../../platform/storage/file-url';

export type EinRow = typeof einApplications.$inferSelect;

/** Storage key → the name the file was uploaded with (documents.file_name). */
export type FileNames = ReadonlyMap<string, { fileName: string; holdsTaxId: boolean }>;

const FILE_COLUMNS = {
  articlesOfOrganization: 'articlesOfOrganizationKey',
  registeredAgentInvoice: 'registeredAgentInvoiceKey',
  preparedSs4: 'uploadedSs4Key',
  signedSs4: 'uploadedSignedSs4Key',
  einDocument: 'uploadedEinDocumentKey',
} as const satisfies Record<string, keyof EinRow>;

function fileKeys(row: EinRow): string[] {
  return Object.values(FILE_COLUMNS)
    .map((column) => row[column])
    .filter((key): key is string => !!key);
}

/**
 * The upload names of every file of these applications, in one query. The application keeps only
 * storage keys; the name people chose lives on the documents row of the same key.
 */
export async function loadFileNames(db: DbOrTx, rows: EinRow[]): Promise<FileNames> {
  const keys = rows.flatMap(fileKeys);
  if (!keys.length) return new Map();
  const found = await db
    .select({ filePath: documents.filePath, fileName: documents.fileName, holdsTaxId: documents.holdsTaxId })
    .from(documents)
    .where(inArray(documents.filePath, keys));
  return new Map(found.map((d) => [d.filePath, { fileName: d.fileName, holdsTaxId: d.holdsTaxId }]));
}

function fileRef(key: string | null, names: FileNames) {
  const url = fileUrl(key);
  if (!key || !url) return null;
  const doc = names.get(key);
  return {
    url,
    fileName: doc?.fileName ?? key.slice(key.lastIndexOf('/') + 1),
    holdsTaxId: doc?.holdsTaxId ?? false,
  };
}

/** What the customer sees: never the SSN itself, never the admin's notes. */
export function toCustomerEinApplication(row: EinRow, names: FileNames): CustomerEinApplication {
  return {
    id: row.id,
    businessName: row.businessName,
    email: row.email,
    state: row.state,
    businessActivity: row.businessActivity,
    otherActivity: row.otherActivity,
    responsiblePartyName: row.responsiblePartyName,
    responsiblePartyPhone: row.responsiblePartyPhone,
    isForeignApplicant: row.isForeignApplicant,
    ssnLast4: row.responsiblePartySsnLast4,
    ssnPurgedAt: row.ssnPurgedAt?.toISOString() ?? null,
    status: row.status,
    einStatus: row.einStatus,
    stage: einStage(row.einStatus),
    ein: row.ein ? formatEin(row.ein) : null,
    files: {
      articlesOfOrganization: fileRef(row.articlesOfOrganizationKey, names),
      registeredAgentInvoice: fileRef(row.registeredAgentInvoiceKey, names),
      preparedSs4: fileRef(row.uploadedSs4Key, names),
      signedSs4: fileRef(row.uploadedSignedSs4Key, names),
      einDocument: fileRef(row.uploadedEinDocumentKey, names),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface AdminEinRow {
  app: EinRow;
  userEmail: string;
  userName: string;
  formationStatus: FormationStatus | null;
}

/** The admin's view: the masked SSN only (the clear one needs the audited reveal call). */
export function toAdminEinApplication(row: AdminEinRow, names: FileNames): AdminEinApplication {
  return {
    ...toCustomerEinApplication(row.app, names),
    userId: row.app.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    ssnMasked: maskSsn(row.app.responsiblePartySsnLast4),
    adminNotes: row.app.adminNotes,
    nextStatus: nextEinStatus(row.app.einStatus),
    formationStatus: row.formationStatus,
    stageReachedAt: row.app.stageReachedAt.toISOString(),
  };
}

/**
 * The dashboard's EIN summary inside GET /api/formations/me. `retention` (the server's now and
 * RETENTION_SSN_DAYS) lets it announce the SSN's purge day; without it none is announced.
 */
export function toEinSummary(row: EinRow, retention?: { now: Date; days: number }) {
  const keepsSsnData = Boolean(
    row.responsiblePartySsnEncrypted ||
      row.responsiblePartySsnLast4 ||
      row.uploadedSs4Key ||
      row.uploadedSignedSs4Key ||
      row.generatedSs4Key,
  );
  return {
    einStatus: row.einStatus,
    stage: einStage(row.einStatus),
    hasPreparedSs4: !!row.uploadedSs4Key,
    hasSignedSs4: !!row.uploadedSignedSs4Key,
    preparedSs4Url: fileUrl(row.uploadedSs4Key),
    signedSs4Url: fileUrl(row.uploadedSignedSs4Key),
    einDocumentUrl: fileUrl(row.uploadedEinDocumentKey),
    ein: row.ein ? formatEin(row.ein) : null,
    ssnPurgeOn: retention ? ssnPurgeNotice({ ...row, keepsSsnData }, retention.now, retention.days) : null,
    ssnPurgedAt: row.ssnPurgedAt?.toISOString() ?? null,
  };
}
