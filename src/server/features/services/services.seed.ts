import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { services, users } from '../../db/schema';

/**
 * Example services for a fresh embedded database (npm start on a new machine), so the catalogue, the
 * checkout and the admin page can be tried at once. Ordinary rows: an operator edits or deletes them
 * like any other. Never in production and never on PostgreSQL, where the catalogue is the operator's.
 */
export const EXAMPLE_SERVICES = [
  {
    title: 'ITIN Başvurusu',
    titleEn: 'ITIN application',
    description:
      "ABD Sosyal Güvenlik Numarası (SSN) alamayan şirket sahipleri için Bireysel Vergi Kimlik Numarası (ITIN) başvurusu: W-7 formunun hazırlanması, belgelerinizin onaylı kopyalarının kontrolü ve IRS'e gönderim. Banka ve ödeme sağlayıcı hesaplarında ve kişisel vergi beyanlarında gerekir.",
    descriptionEn:
      'Individual Taxpayer Identification Number (ITIN) application for company owners who cannot get a US Social Security Number: we prepare Form W-7, check the certified copies of your documents and file with the IRS. Needed for bank and payment-provider accounts and for personal tax returns.',
    priceCents: 24_900,
  },
  {
    title: 'Yıllık Rapor (Annual Report) Dosyalama',
    titleEn: 'Annual report filing',
    description:
      'Şirketinizin eyalete her yıl vermesi gereken yıllık raporun (annual report) hazırlanması ve süresinde dosyalanması. Eyalet harcı ayrıca ödenir (Wyoming için 60 $). Geç kalan raporlar şirketin feshine yol açabilir.',
    descriptionEn:
      "Preparing and filing on time the annual report your company owes its state each year. The state's fee is paid separately ($60 for Wyoming). A late report can get the company dissolved.",
    priceCents: 9_900,
  },
  {
    title: 'Form 5472 ve 1120 Beyanı',
    titleEn: 'Form 5472 and pro forma 1120 filing',
    description:
      "Yabancı sahipli tek üyeli LLC'lerin her yıl IRS'e vermesi zorunlu Form 5472 ve pro forma Form 1120 beyanının hazırlanması ve gönderilmesi. Verilmeyen beyan için IRS cezası 25.000 $'dan başlar.",
    descriptionEn:
      'Preparing and filing Form 5472 with a pro forma Form 1120, which every foreign-owned single-member LLC must send the IRS each year. The IRS penalty for a missing filing starts at $25,000.',
    priceCents: 34_900,
  },
] as const;

/**
 * Seeds the examples when the database is brand new: no account and no service yet. Once anybody has
 * signed up, an empty catalogue is the operator's choice and stays empty.
 */
export async function seedExampleServices(db: Db): Promise<number> {
  const [[{ n: accounts }], [{ n: existing }]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(services),
  ]);
  if (Number(accounts) > 0 || Number(existing) > 0) return 0;
  const now = Date.now();
  // A second apart, so "oldest first" shows them in this order.
  await db.insert(services).values(
    EXAMPLE_SERVICES.map((s, i) => ({
      ...s,
      isActive: true,
      createdAt: new Date(now - (EXAMPLE_SERVICES.length - i) * 1000),
    })),
  );
  return EXAMPLE_SERVICES.length;
}
