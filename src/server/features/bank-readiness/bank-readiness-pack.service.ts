import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { eq } from 'drizzle-orm';
import type { AddressRole } from '../../../shared/features/bank-readiness/addresses.domain';
import { BANK_CATALOGUE, type ProviderId } from '../../../shared/features/bank-readiness/providers.domain';
import { users } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { appendEntry, entryName } from '../../platform/zip/zip-entries';
import { type CompanyRecords, loadRecords } from './bank-readiness.service';

/**
 * The document pack (decision 0084): one ZIP per provider with the vault's files that provider asks for
 * and a cover sheet of the company's facts. The cover sheet is for the bank, so it is in English
 * whatever the customer's language (decision 0084). What the vault lacks the page lists, with a link.
 */

const ROLE_LABEL: Readonly<Record<AddressRole, string>> = {
  registered_agent: 'Registered agent address',
  mailing: 'Mailing address',
  physical: 'Physical (operating) address',
  owner_home: "Owner's home address",
};

const KIND_LABEL = {
  registered_agent: 'registered agent',
  virtual: 'virtual / mail forwarding',
  po_box: 'PO box',
  office: 'office',
  home: 'home',
} as const;

export function coverSheet(records: CompanyRecords, owner: string | null): string {
  const f = records.formation;
  const lines = [
    'COMPANY FACTS',
    '',
    `Legal name (as on the Articles): ${f?.businessName ?? '(not recorded)'}`,
    `EIN: ${records.ein?.ein ?? '(not recorded)'}`,
    `Formation date: ${f?.formedOn ?? '(not recorded)'}`,
    `State of formation: ${f?.stateSelected ?? '(not recorded)'}`,
    `Owner: ${records.ein?.responsiblePartyName ?? owner ?? '(not recorded)'}`,
    '',
    'ADDRESSES',
  ];
  for (const a of records.addresses) {
    const street = [a.line1, a.line2, a.city, a.region, a.postalCode].filter(Boolean).join(', ');
    const where = street || (a.origin === 'portal' ? `as on the formation documents (${a.region ?? ''})` : '');
    lines.push(`${ROLE_LABEL[a.role]} (${KIND_LABEL[a.kind]}): ${where}, ${a.country}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The files of the pack that the vault holds, by what the provider asks for. */
export function packFiles(records: CompanyRecords, provider: ProviderId): { key: string; name: string }[] {
  const asks = new Set(BANK_CATALOGUE[provider].documents.map((d) => d.value.document));
  const out: { key: string; name: string }[] = [];
  if (asks.has('articles') && records.articles)
    out.push({ key: records.articles.key, name: `articles-${records.articles.name}` });
  if (asks.has('ein_letter') && records.einLetter) {
    out.push({ key: records.einLetter.key, name: `ein-letter-${records.einLetter.name}` });
  }
  return out;
}

export async function packStream(
  deps: Pick<AppDeps, 'database' | 'storage' | 'logger'>,
  db: DbOrTx,
  userId: string,
  provider: ProviderId,
): Promise<Readable> {
  const records = await loadRecords(db, userId);
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  const archive = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    await appendEntry(archive, coverSheet(records, user?.name ?? null), 'cover-sheet.txt');
    for (const file of packFiles(records, provider)) {
      const stored = await deps.storage.get(file.key);
      if (stored) await appendEntry(archive, stored.body, entryName(file.name));
    }
    await archive.finalize();
  })().catch((err) => {
    if (archive.destroyed) return;
    deps.logger.error({ err, userId }, 'bank pack failed');
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return archive;
}
