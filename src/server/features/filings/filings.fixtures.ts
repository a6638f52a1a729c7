import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../tests/support/test-app';
import { deadlinesFor } from '../../../shared/catalogue/compliance';
import { complianceItemKey } from '../../../shared/features/compliance/compliance.schemas';
import type { FilingStatus } from '../../../shared/features/filings/filings.domain';
import type { FilingDraftInput } from '../../../shared/features/filings/filings.schemas';
import { FORM_LINES, type FormId } from '../../../shared/features/filings/form-5472.domain';
import { companyFormations, filings } from '../../db/schema';
import { form5472Due } from './filings-daily.service';
import { answersWithoutTaxId, encryptedForeignTaxIdColumns } from './filings-tax-id.service';

/** A questionnaire every check accepts: a company with transactions in two categories. */
export const GOOD_ANSWERS: FilingDraftInput = {
  company: {
    name: 'Deniz Yazılım LLC',
    ein: '12-3456789',
    street: '30 N Gould St Ste R',
    city: 'Sheridan',
    stateZip: 'WY 82801',
    country: 'United States',
    formedOn: '2025-03-01',
    state: 'Wyoming',
    activity: 'Custom software development',
    activityCode: '541511',
    totalAssetsCents: 1_250_000,
  },
  owner: {
    name: 'Deniz Şahin',
    street: 'Bağdat Cad. 12/4',
    city: 'İstanbul',
    postalCode: '34710',
    country: 'Türkiye',
    citizenship: 'Türkiye',
    taxResidence: 'Türkiye',
    foreignTaxId: '12345678901',
    usTaxId: '',
  },
  transactions: {
    none: false,
    amounts: { contributions: 200_000, servicesPaidToOwner: 120_000 },
    otherDescription: '',
  },
};

/**
 * For the authorization matrix and the tests: a Form 5472 filing of `userId` at `status`, with good
 * answers once answered (tax year 2025, due 15 April 2026), the foreign tax number kept as the
 * service keeps it: encrypted, apart from the answers (decision 0077).
 */
export async function filingOf(t: TestApp, userId: string, status: FilingStatus = 'questionnaire_sent') {
  const { dueDate } = form5472Due(2025);
  const answered = status !== 'questionnaire_sent';
  const [row] = await t.deps.database.db
    .insert(filings)
    .values({
      userId,
      kind: 'form_5472',
      ruleId: 'federal_form_5472',
      itemKey: `federal_form_5472:${dueDate}:${Math.random().toString(36).slice(2)}`,
      taxYear: 2025,
      status,
      dueDate,
      sentAt: new Date(),
      answeredAt: answered ? new Date() : null,
      answers: answered
        ? answersWithoutTaxId({ ...GOOD_ANSWERS, company: { ...GOOD_ANSWERS.company, ein: '123456789' } })
        : null,
      ...(answered
        ? encryptedForeignTaxIdColumns(GOOD_ANSWERS.owner?.foreignTaxId ?? '', t.deps.encryptionKey, userId)
        : {}),
    })
    .returning();
  return row;
}

/** For the matrix: the key of `userId`'s Wyoming annual report item (their formation must be in Wyoming). */
export async function stateItemOf(t: TestApp, userId: string, today: string): Promise<string> {
  const formedOn = '2024-03-01';
  await t.deps.database.db.update(companyFormations).set({ formedOn }).where(eq(companyFormations.userId, userId));
  const item = deadlinesFor({ state: 'Wyoming', formationDate: formedOn, today }).find(
    (d) => d.ruleId === 'wyoming_annual_report',
  );
  if (!item) throw new Error('stateItemOf: no Wyoming annual report item');
  return complianceItemKey(item.ruleId, item.dueDate);
}

/** A fillable PDF with a text field for every line of `form` (the names the mapping uses), made with pdf-lib. */
/** A fillable test template of `form`; `nameOf` renames its fields (as the IRS's own PDF names them). */
export async function buildFormTemplate(
  form: FormId,
  nameOf: (field: string) => string = (f) => f,
): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const fields = doc.getForm();
  FORM_LINES[form].forEach((line, i) => {
    const field = fields.createTextField(nameOf(line.field));
    field.addToPage(page, { x: 40, y: 760 - i * 19, width: 520, height: 16 });
  });
  return doc.save();
}
