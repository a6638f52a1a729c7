import type { TestApp } from '../../../../tests/support/test-app';
import { companyFormations, einApplications } from '../../db/schema';
import { makeStorageKey } from '../../platform/storage/keys';
import { storeDocumentRow } from '../documents/documents.service';

/** A small real PDF's bytes, enough for the vault and the pack. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

/**
 * For the tests and the authorization matrix: `userId`'s company formed through a paid package with
 * the portal's shared (virtual) address, its EIN application (the name the IRS holds) and, unless
 * `vault: false`, the Articles and the EIN letter in the vault.
 */
export async function bankReadyCompany(
  t: Pick<TestApp, 'deps'>,
  userId: string,
  opts: { name?: string; einName?: string; vault?: boolean } = {},
): Promise<void> {
  const { db } = t.deps.database;
  const name = opts.name ?? 'Deniz Yazılım LLC';
  await db.insert(companyFormations).values({
    userId,
    companyFormationPreference: 'service',
    businessAddressPreference: 'shared_address',
    formationStatus: 'ein_created',
    paymentStatus: 'paid',
    businessName: name,
    stateSelected: 'Wyoming',
    formedOn: '2026-03-02',
  });
  await db.insert(einApplications).values({
    userId,
    businessName: opts.einName ?? name,
    email: `${userId}@example.com`,
    state: 'Wyoming',
    businessActivity: 'software',
    responsiblePartyName: 'Deniz Şahin',
    responsiblePartyPhone: '+90 555 000 0000',
    ein: '12-3456789',
  });
  if (opts.vault === false) return;
  for (const [category, fileName] of [
    ['articles_of_org', 'articles.pdf'],
    ['ein', 'cp575.pdf'],
  ] as const) {
    const key = makeStorageKey(category, userId, 'pdf', Date.now());
    await t.deps.storage.put(key, PDF, 'application/pdf');
    await storeDocumentRow(db, {
      userId,
      fileName,
      filePath: key,
      category,
      uploadedBy: 'admin',
      contentType: 'application/pdf',
      fileSize: String(PDF.length),
      holdsTaxId: false,
    });
  }
}

/** The owner's home in Turkey, as the form sends it. */
export const HOME_IN_TURKEY = {
  kind: 'home',
  country: 'TR',
  line1: 'Bağdat Cad. 12/4',
  city: 'İstanbul',
  region: 'Kadıköy',
  postalCode: '34710',
} as const;
