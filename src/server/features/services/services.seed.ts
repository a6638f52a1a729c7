import { count } from 'drizzle-orm';
import { findComplianceRule } from '../../../shared/catalogue/compliance';
import { rulesFiledBy } from '../../../shared/catalogue/compliance-services';
import { formatUsd } from '../../../shared/catalogue/money';
import type { Db } from '../../db/client';
import { services, users } from '../../db/schema';

/**
 * Example services for a fresh embedded database (npm start on a new machine), so the catalogue, the
 * checkout and the admin page can be tried at once. Ordinary rows: an operator edits or deletes them
 * like any other. Never in production and never on PostgreSQL, where the catalogue is the operator's.
 */
const wyomingAnnual = (lang: 'tr' | 'en') =>
  formatUsd(findComplianceRule('wyoming_annual_report').amountCents ?? 0, lang);
const form5472Penalty = (lang: 'tr' | 'en') =>
  formatUsd(findComplianceRule('federal_form_5472').penalty?.amountCents ?? 0, lang);

/** Amounts come from the catalogue (compliance rules), so the examples never state a stale figure. */
const EXAMPLES = [
  {
    title: 'ITIN Başvurusu',
    titleEn: 'ITIN application',
    description:
      "ABD Sosyal Güvenlik Numarası (SSN) alamayan şirket sahipleri için Bireysel Vergi Kimlik Numarası (ITIN) başvurusu: W-7 formunun hazırlanması, belgelerinizin onaylı kopyalarının kontrolü ve IRS'e gönderim. Kişisel ABD vergi beyanlarında gerekir; bazı banka ve ödeme sağlayıcıları da isteyebilir.",
    descriptionEn:
      'Individual Taxpayer Identification Number (ITIN) application for company owners who cannot get a US Social Security Number: we prepare Form W-7, check the certified copies of your documents and file with the IRS. Needed for personal US tax returns; some banks and payment providers may ask for one too.',
    priceCents: 24_900,
  },
  {
    title: 'Yıllık Rapor (Annual Report) Verme',
    titleEn: 'Annual report filing',
    description: `Şirketinizin eyalete her yıl vermesi gereken yıllık raporun (annual report) hazırlanması ve süresinde verilmesi. Eyalet harcı ayrıca ödenir (Wyoming için en az ${wyomingAnnual('tr')}). Verilmeyen rapor şirketin feshine yol açabilir.`,
    descriptionEn: `Preparing and filing on time the annual report your company owes its state each year. The state's fee is paid separately (at least ${wyomingAnnual('en')} for Wyoming). An unfiled report can get the company dissolved.`,
    priceCents: 9_900,
  },
  {
    title: 'Form 5472 ve pro forma 1120 Beyanı',
    titleEn: 'Form 5472 and pro forma 1120 filing',
    description: `Yabancı sahipli tek üyeli LLC'lerin her yıl IRS'e vermesi gereken Form 5472'nin, onu taşıyan kapak formu olan pro forma Form 1120 ile hazırlanıp gönderilmesi. İki veya daha fazla ortaklı LLC'ler bunun yerine ortaklık beyannamesi (Form 1065) verir. Verilmeyen beyan için IRS cezası ${form5472Penalty('tr')}'dan başlar.`,
    descriptionEn: `Preparing and filing Form 5472 with the pro forma Form 1120 that carries it (a cover form), which every foreign-owned single-member LLC must send the IRS each year. An LLC with two or more owners files a partnership return (Form 1065) instead. The IRS penalty for a missing filing starts at ${form5472Penalty('en')}.`,
    priceCents: 34_900,
  },
] as const;

/** Each example with the compliance rules it files ("Let us file it" links by these; decision 0052). */
export const EXAMPLE_SERVICES = EXAMPLES.map((s) => ({ ...s, complianceRules: rulesFiledBy(s.titleEn) }));

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
