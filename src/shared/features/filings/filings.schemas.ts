import { z } from 'zod';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { parseEin } from '../ein/ein-number.domain';
import { FILING_LIST_KINDS, FILING_SORTS, FILING_STATUSES, type FilingStatus, SUBMIT_METHODS } from './filings.domain';
import { type FilingAnswers, TRANSACTION_CATEGORIES, type TransactionCategory } from './form-5472.domain';

/**
 * The yearly questionnaire (decision 0051). A draft keeps whatever was typed, each field checked only
 * for its type and length; sending it checks every field (`filingAnswersSchema`), and the server
 * refuses with VALIDATION_FAILED naming each field with its message key (`filings.validation.*`).
 */

const V = (key: string) => `filings.validation.${key}`;
/** The most a money field takes: $10 billion, in cents. */
export const FILING_AMOUNT_MAX_CENTS = 1_000_000_000_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An SSN or ITIN: nine digits, dashes optional. */
const US_TAX_ID = /^\d{3}-?\d{2}-?\d{4}$/;
export const isUsTaxId = (value: string) => US_TAX_ID.test(value.trim());

const text = (max: number) => safeText(max, { tooLong: 'validation.textTooLong' });
const draftText = (max: number) => text(max).optional();
const cents = z
  .number({ error: V('amountInvalid') })
  .int(V('amountInvalid'))
  .min(0, V('amountInvalid'))
  .max(FILING_AMOUNT_MAX_CENTS, V('amountTooLarge'));

const amountsDraft = z.object(
  Object.fromEntries(TRANSACTION_CATEGORIES.map((c) => [c, cents.optional()])) as Record<
    TransactionCategory,
    z.ZodOptional<typeof cents>
  >,
);

/** PUT /api/filings/{id}/answers: the draft, every part optional. */
export const filingDraftSchema = z.object({
  company: z
    .object({
      name: draftText(TEXT_MAX.name),
      ein: draftText(20),
      street: draftText(TEXT_MAX.name),
      city: draftText(TEXT_MAX.fullName),
      stateZip: draftText(TEXT_MAX.fullName),
      country: draftText(TEXT_MAX.choice),
      formedOn: draftText(10),
      state: draftText(TEXT_MAX.choice),
      activity: draftText(TEXT_MAX.name),
      activityCode: draftText(10),
      totalAssetsCents: cents.optional(),
    })
    .default({}),
  owner: z
    .object({
      name: draftText(TEXT_MAX.fullName),
      street: draftText(TEXT_MAX.name),
      city: draftText(TEXT_MAX.fullName),
      postalCode: draftText(20),
      country: draftText(TEXT_MAX.choice),
      citizenship: draftText(TEXT_MAX.choice),
      taxResidence: draftText(TEXT_MAX.choice),
      foreignTaxId: draftText(40),
      /**
       * Typed to set or replace the stored number (decision 0058: it is kept encrypted and never sent
       * back, so an empty field keeps it). The server checks its form on every save (`isUsTaxId`), as
       * only a valid number is stored.
       */
      usTaxId: draftText(20),
      /** Removes the stored number. */
      usTaxIdRemove: z.boolean().optional(),
    })
    .default({}),
  transactions: z
    .object({
      /** null until the customer chooses: "No transactions" is never a default. */
      none: z.boolean().nullable().optional(),
      amounts: amountsDraft.default({}),
      otherDescription: draftText(TEXT_MAX.longText),
    })
    .default({ amounts: {} }),
});
export type FilingDraft = z.output<typeof filingDraftSchema>;
export type FilingDraftInput = z.input<typeof filingDraftSchema>;

const required = (max: number, key: string) =>
  safeText(max, { error: V(key), tooLong: 'validation.textTooLong' }).min(1, V(key));

/** Sending the questionnaire: every field the forms need, checked. */
export const filingAnswersSchema = z
  .object({
    company: z.object({
      name: required(TEXT_MAX.name, 'companyNameRequired'),
      ein: z
        .string({ error: V('einRequired') })
        .max(20, 'validation.einInvalid')
        .refine((v) => v.trim() !== '', V('einRequired'))
        .refine((v) => v.trim() === '' || parseEin(v) !== null, 'validation.einInvalid')
        .transform((v) => parseEin(v) as string),
      street: required(TEXT_MAX.name, 'addressRequired'),
      city: required(TEXT_MAX.fullName, 'cityRequired'),
      stateZip: required(TEXT_MAX.fullName, 'stateZipRequired'),
      country: required(TEXT_MAX.choice, 'countryRequired'),
      formedOn: z
        .string({ error: V('formedOnRequired') })
        .regex(ISO_DATE, V('formedOnRequired'))
        .refine((v) => !Number.isNaN(Date.parse(v)), V('formedOnRequired')),
      state: required(TEXT_MAX.choice, 'stateRequired'),
      activity: required(TEXT_MAX.name, 'activityRequired'),
      activityCode: z
        .string({ error: V('activityCodeInvalid') })
        .trim()
        .regex(/^\d{6}$/, V('activityCodeInvalid')),
      totalAssetsCents: z.number({ error: V('totalAssetsRequired') }).pipe(cents),
    }),
    owner: z.object({
      name: required(TEXT_MAX.fullName, 'ownerNameRequired'),
      street: required(TEXT_MAX.name, 'addressRequired'),
      city: required(TEXT_MAX.fullName, 'cityRequired'),
      postalCode: text(20).default(''),
      country: required(TEXT_MAX.choice, 'countryRequired'),
      citizenship: required(TEXT_MAX.choice, 'citizenshipRequired'),
      taxResidence: required(TEXT_MAX.choice, 'taxResidenceRequired'),
      foreignTaxId: required(40, 'foreignTaxIdRequired'),
      usTaxId: text(20)
        .default('')
        .refine((v) => v === '' || US_TAX_ID.test(v), V('usTaxIdInvalid')),
    }),
    transactions: z.object({
      none: z.boolean({ error: V('transactionsChoice') }),
      amounts: z.object(
        Object.fromEntries(TRANSACTION_CATEGORIES.map((c) => [c, cents.default(0)])) as Record<
          TransactionCategory,
          z.ZodDefault<typeof cents>
        >,
      ),
      otherDescription: text(TEXT_MAX.longText).default(''),
    }),
  })
  .superRefine((v, ctx) => {
    const amounts = TRANSACTION_CATEGORIES.map((c) => v.transactions.amounts[c]);
    const any = amounts.some((a) => a > 0);
    if (v.transactions.none && any) {
      ctx.addIssue({ code: 'custom', path: ['transactions', 'none'], message: V('noneButAmounts') });
    }
    if (!v.transactions.none && !any) {
      ctx.addIssue({ code: 'custom', path: ['transactions', 'none'], message: V('confirmNone') });
    }
    const other = v.transactions.amounts.otherPaid + v.transactions.amounts.otherReceived;
    if (!v.transactions.none && other > 0 && !v.transactions.otherDescription.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['transactions', 'otherDescription'],
        message: V('otherDescriptionRequired'),
      });
    }
  });

/** The checked answers of `draft` for tax year `taxYear`, or the fields and their message keys. */
export function checkFilingAnswers(
  draft: unknown,
  taxYear: number,
): { ok: true; answers: FilingAnswers } | { ok: false; fields: Record<string, string> } {
  const parsed = filingAnswersSchema.safeParse(draft);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!(key in fields)) fields[key] = issue.message;
    }
    return { ok: false, fields };
  }
  const owner = parsed.data.owner;
  return { ok: true, answers: { taxYear, ...parsed.data, owner: { ...owner, usTaxId: owner.usTaxId ?? '' } } };
}

/** GET /api/admin/filings and its export. */
const filingQueries = listQuery(
  {
    sort: z.enum(FILING_SORTS).default('waiting'),
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    kind: z.enum(FILING_LIST_KINDS).optional(),
    status: z.enum(FILING_STATUSES).optional(),
    /** Customer email or name (Turkish letters folded). */
    q: safeText(TEXT_MAX.search).optional(),
  },
  { pageSize: 25 },
);
export const adminFilingListQuerySchema = filingQueries.list;
export type AdminFilingListQuery = z.input<typeof adminFilingListQuerySchema>;
export const adminFilingExportQuerySchema = filingQueries.export;

/** POST /api/admin/filings/{id}/extension: Form 7004 filed on a day. */
export const filingExtensionSchema = z.object({
  filedOn: z.iso.date({ error: V('dateRequired') }),
});

/** The multipart fields of "mark faxed or mailed" (the confirmation is the `file`). */
export const filingSubmittedSchema = z.object({
  method: z.enum(SUBMIT_METHODS, { error: V('methodRequired') }),
  filedOn: z.iso.date({ error: V('dateRequired') }),
  confirmationNumber: text(80).optional(),
});

/** The multipart fields of "mark a state item filed" (the receipt is the `file`). */
export const stateFiledSchema = z.object({
  userId: safeText(TEXT_MAX.token).min(1),
  itemKey: safeText(TEXT_MAX.choice).min(1),
  filedOn: z.iso.date({ error: V('dateRequired') }),
  confirmationNumber: text(80).min(1, V('confirmationRequired')),
});

/** POST /api/filings/{id}/question: a question about the filing, opened as a support thread. */
export const filingQuestionSchema = z.object({
  message: safeText(TEXT_MAX.supportMessage, { tooLong: 'validation.textTooLong' }).min(1, V('questionRequired')),
});

export function isFilingStatus(value: string): value is FilingStatus {
  return (FILING_STATUSES as readonly string[]).includes(value);
}
