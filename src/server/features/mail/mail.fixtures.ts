import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/support/test-app';
import type { ForwardBand } from '../../../shared/features/mail/mail.domain';
import { addDays } from '../../../shared/format/calendar-days';
import {
  companyFormations,
  einApplications,
  forwardingAddresses,
  letters,
  mailScanAllowances,
  services,
  subscriptions,
} from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { storeDocumentRow } from '../documents';
import { blob, type FormFile, PNG, pdf } from '../ein/ein.fixtures';

export const ENVELOPE: FormFile = { data: PNG, type: 'image/png', name: 'zarf.png' };
export const SCAN: FormFile = { data: pdf('letter'), type: 'application/pdf', name: 'CP575 taraması.pdf' };

/** The multipart body of "log a letter" (or of a scan); undefined fields are left out. */
export function letterForm(
  fields: Record<string, string | undefined>,
  files: { envelope?: FormFile; scan?: FormFile; file?: FormFile } = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  for (const [k, f] of Object.entries(files)) if (f) form.append(k, blob(f.data, f.type), f.name);
  return form;
}

/** The fields of a good CP 575 for `userId`, arrived today. */
export function cp575Fields(t: TestApp, userId?: string, overrides: Record<string, string | undefined> = {}) {
  return {
    envelopeName: 'ŞAHİN TEKNOLOJİ LLC',
    userId,
    sender: 'irs',
    kind: 'cp575',
    letterDate: '2026-11-02',
    receivedOn: serverToday(t.deps.env),
    pages: '2',
    ...overrides,
  };
}

/** Gives `userId`'s formation a business name (the mail desk finds companies by it). */
export async function nameCompany(t: TestApp, userId: string, businessName: string): Promise<void> {
  await t.deps.database.db.update(companyFormations).set({ businessName }).where(eq(companyFormations.userId, userId));
}

/** For the authorization matrix and the tests: a letter of `userId`'s (null: unmatched), straight in the table. */
export async function letterOf(
  t: TestApp,
  userId: string | null,
  opts: {
    status?: (typeof letters.$inferInsert)['status'];
    envelopeKey?: string;
    receivedOn?: string;
    envelopeName?: string;
    createdAt?: Date;
    urgent?: boolean;
  } = {},
): Promise<string> {
  const [row] = await t.deps.database.db
    .insert(letters)
    .values({
      userId,
      envelopeName: opts.envelopeName ?? 'Matrix LLC',
      sender: 'irs',
      kind: 'cp575',
      letterDate: '2026-11-02',
      receivedOn: opts.receivedOn ?? serverToday(t.deps.env),
      pages: 1,
      status: opts.status ?? 'received',
      envelopeKey: opts.envelopeKey ?? null,
      envelopeContentType: opts.envelopeKey ? 'image/png' : null,
      urgent: opts.urgent ?? false,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning({ id: letters.id });
  return row.id;
}

/** A letter with an envelope photo stored, as the desk would store it. */
export async function letterWithEnvelope(t: TestApp, userId: string | null): Promise<string> {
  const key = `mail/${crypto.randomUUID()}_${Date.now()}.png`;
  await t.deps.storage.put(key, PNG, 'image/png');
  return letterOf(t, userId, { envelopeKey: key });
}

/**
 * `userId`'s registered agent running today (a year from 10 days ago): the mailroom handles their letters
 * instead of holding them (decision 0089).
 */
export async function subscribe(t: TestApp, userId: string): Promise<void> {
  const today = serverToday(t.deps.env);
  await t.deps.database.db.insert(subscriptions).values({
    userId,
    product: 'registered_agent',
    status: 'active',
    periodStart: addDays(today, -10),
    periodEnd: addDays(today, 355),
    priceCents: 14_900,
  });
}

/**
 * The catalogue's forwarding services, one per weight band, unless already there (the first made
 * prices the band): the mailroom reads the price from them (decision 0089).
 */
export async function forwardingOnSale(t: TestApp): Promise<Record<ForwardBand, number>> {
  const prices: Record<ForwardBand, number> = { forward_letter: 1_500, forward_large: 2_500, forward_parcel: 6_000 };
  const db = t.deps.database.db;
  for (const [item, priceCents] of Object.entries(prices) as [ForwardBand, number][]) {
    const [found] = await db.select().from(services).where(eq(services.mailroomItem, item));
    if (found) {
      prices[item] = found.priceCents;
      continue;
    }
    await db.insert(services).values({
      title: `Posta yönlendirme (${item})`,
      titleEn: `Mail forwarding (${item})`,
      description: 'Mektubunuzu kayıtlı adresinize göndeririz.',
      priceCents,
      mailroomItem: item,
    });
  }
  return prices;
}

/** For the authorization matrix: a letter of `userId`'s that may be forwarded now (address saved, bands on sale). */
export async function forwardableLetterOf(t: TestApp, userId: string): Promise<string> {
  await forwardingOnSale(t);
  await t.deps.database.db
    .insert(forwardingAddresses)
    .values({ userId, recipient: 'Matrix Sahibi', line1: 'Matrix Sokak 1', city: 'Ankara', country: 'TR' })
    .onConflictDoNothing();
  return letterOf(t, userId);
}

/**
 * A scanned EIN letter (CP 575 or 147C) of `userId`'s, its scan a vault document, straight in the tables.
 * `einMissing` clears the application's number (what a 147C restores).
 */
export async function scannedEinLetterOf(
  t: TestApp,
  userId: string,
  kind: 'cp575' | 'letter147c',
  opts: { einMissing?: boolean } = {},
): Promise<string> {
  const db = t.deps.database.db;
  if (opts.einMissing) await db.update(einApplications).set({ ein: null }).where(eq(einApplications.userId, userId));
  // Through the one writer of documents rows (decision 0066): a CP 575 prints the EIN, not an SSN or ITIN.
  const doc = await storeDocumentRow(db, {
    userId,
    fileName: `${kind}.pdf`,
    filePath: `mail/${userId}_${Date.now()}.pdf`,
    category: 'mail',
    uploadedBy: 'admin',
    contentType: 'application/pdf',
    fileSize: '100',
    holdsTaxId: false,
  });
  const [row] = await db
    .insert(letters)
    .values({
      userId,
      envelopeName: 'EIN LLC',
      sender: 'irs',
      kind,
      letterDate: '2026-11-02',
      receivedOn: serverToday(t.deps.env),
      pages: 2,
      status: 'scanned',
      scanDocumentId: doc.id,
    })
    .returning({ id: letters.id });
  return row.id;
}

/**
 * The catalogue's extra scan at `priceCents` (unless one is there: the first prices it) and the shared
 * address's plan at `included` scans a month (decision 0099). Answers the extra scan's price.
 */
export async function scansOnSale(t: TestApp, included = 0, priceCents = 500): Promise<number> {
  const db = t.deps.database.db;
  await db
    .insert(mailScanAllowances)
    .values({ plan: 'shared_address', scansPerMonth: included })
    .onConflictDoUpdate({ target: mailScanAllowances.plan, set: { scansPerMonth: included } });
  const [found] = await db.select().from(services).where(eq(services.mailroomItem, 'scan_extra'));
  if (found) return found.priceCents;
  await db.insert(services).values({
    title: 'Ek tarama',
    titleEn: 'Extra scan',
    description: 'Aylık dahil taramaların ötesinde bir mektubun taranması.',
    priceCents,
    mailroomItem: 'scan_extra',
  });
  return priceCents;
}

/** For the authorization matrix: a letter of `userId`'s whose scan is beyond the month's (none included). */
export async function paidScanLetterOf(t: TestApp, userId: string): Promise<string> {
  await scansOnSale(t, 0);
  return letterOf(t, userId);
}
