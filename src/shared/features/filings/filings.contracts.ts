import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { calendarDate, instant } from '../../schemas/dates';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { FILING_KINDS, FILING_STATUSES, SUBMIT_METHODS } from './filings.domain';

/**
 * Tracked filings (decisions 0051, 0052): the customer's own (/api/filings) and the staff's desk
 * (/api/admin/filings). The request schemas live in src/shared/features/filings/filings.schemas.ts and are re-exported.
 * The web imports the types only.
 */

export {
  type AdminFilingListQuery,
  adminFilingExportQuerySchema,
  adminFilingListQuerySchema,
  type FilingDraft,
  type FilingDraftInput,
  filingDraftSchema,
  filingExtensionSchema,
  filingQuestionSchema,
  filingSubmittedSchema,
  stateFiledSchema,
} from './filings.schemas';

export const filingIdParams = z.object({
  id: safeText(TEXT_MAX.token, { trim: false }).openapi({ param: { name: 'id', in: 'path' } }),
});

const fileSchema = z
  .object({
    fileName: z.string(),
    url: z.string(),
    /** It prints the owner's SSN or ITIN (decision 0066): staff open it with ein.ssn and step-up. */
    holdsTaxId: z.boolean(),
  })
  .nullable();

export const filingSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FILING_KINDS),
    ruleId: z.string(),
    /** The compliance calendar item it files. */
    itemKey: z.string(),
    taxYear: z.number().int(),
    status: z.enum(FILING_STATUSES),
    /** The due date now: the extended one once Form 7004 is filed. */
    dueDate: calendarDate(),
    extendedOn: calendarDate().nullable(),
    filedOn: calendarDate().nullable(),
    submitMethod: z.enum(SUBMIT_METHODS).nullable(),
    confirmationNumber: z.string().nullable(),
    /** Each stage of the filing's kind in order, with the time it was reached (null: not yet). */
    stages: z.array(z.object({ stage: z.enum(FILING_STATUSES), at: instant().nullable() })),
    files: z.object({
      form5472: fileSchema,
      form1120: fileSchema,
      dataSheet: fileSchema,
      signed: fileSchema,
      confirmation: fileSchema,
    }),
    supportThreadId: z.string().nullable(),
    /** The questionnaire's answers, saved or prefilled from the portal's records (Form 5472 only). */
    answers: z.record(z.string(), z.unknown()).nullable(),
    /** The last four digits of the owner's SSN or ITIN, if given; the number itself never leaves the server. */
    usTaxIdLast4: z.string().nullable(),
    /** The last four of the owner's foreign tax number (T.C. kimlik numarası); the number stays on the server (decision 0077). */
    foreignTaxIdLast4: z.string().nullable(),
    answersEditable: z.boolean(),
  })
  .openapi('Filing');

export const filingListSchema = z.object({ filings: z.array(filingSchema) }).openapi('FilingList');
export const filingResultSchema = z.object({ filing: filingSchema }).openapi('FilingResult');

const customerSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });

export const adminFilingRowSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FILING_KINDS),
    /** A Form 5472 extended with Form 7004. */
    extended: z.boolean(),
    ruleId: z.string(),
    taxYear: z.number().int(),
    status: z.enum(FILING_STATUSES),
    /** When the current status was reached. */
    statusSince: instant(),
    dueDate: calendarDate(),
    customer: customerSchema,
  })
  .openapi('AdminFilingRow');

export const adminFilingListSchema = pageOf(adminFilingRowSchema, 'AdminFilingList');

const templateSchema = z.object({
  ready: z.boolean(),
  reason: z.enum(['notConfigured', 'notFound', 'unreadable', 'fieldsMissing']).nullable(),
  missingFields: z.array(z.string()),
});

export const adminFilingSchema = filingSchema
  .extend({
    customer: customerSchema,
    preparedAs: z.enum(['forms', 'data_sheet']).nullable(),
    /** Whether "Prepare" fills the two templates (both ready) or makes the data sheet (none set). */
    templates: z.object({ f5472: templateSchema, f1120: templateSchema }),
    /**
     * The filing holds or held the owner's SSN or ITIN (decision 0058). Which files print it is each
     * file's own `holdsTaxId` (decision 0066).
     */
    formsCarryTaxId: z.boolean(),
    /**
     * Where staff fax or mail a Form 5472 (it cannot be e-filed): the IRS's fax number and Ogden address
     * from the catalogue, with the page they come from and the fact-check row (decision 0073). Null on a
     * state report.
     */
    sendTo: z
      .object({
        fax: z.object({ number: z.string(), e164: z.string() }),
        mail: z.array(z.string()),
        source: z.object({ url: z.string(), checked: z.string() }),
        check: z.object({ kind: z.enum(['official', 'third_party']), row: z.string() }),
      })
      .nullable(),
  })
  .openapi('AdminFiling');
export const adminFilingResultSchema = z.object({ filing: adminFilingSchema }).openapi('AdminFilingResult');

export type FilingView = z.output<typeof filingSchema>;
export type FilingList = z.output<typeof filingListSchema>;
export type AdminFilingRow = z.output<typeof adminFilingRowSchema>;
export type AdminFilingList = z.output<typeof adminFilingListSchema>;
export type AdminFilingView = z.output<typeof adminFilingSchema>;
export type FilingTemplateStatus = z.output<typeof templateSchema>;
