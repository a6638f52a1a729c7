import { z } from 'zod';
import { BUSINESS_ACTIVITIES } from '../../catalogue/packages';
import { isUsState } from '../../catalogue/states';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { emailField } from '../auth/auth.schemas';
import { einField } from '../formations/company.schemas';
import { isPhoneNumber } from '../formations/formations.schemas';
import { EIN_STATUSES } from './ein.domain';

/** 123-45-6789, 123 45 6789 or 123456789: nine digits, whatever separators people type. */
export function normaliseSsn(value: string): string {
  return value.replace(/[\s-]/g, '');
}
export function isSsn(value: string): boolean {
  return /^\d{9}$/.test(normaliseSsn(value));
}

const required = (message: string, max: number = TEXT_MAX.name) =>
  safeText(max, { error: message, tooLong: 'validation.textTooLong' }).min(1, message);

/** The "Other" activity needs its own words (product.md#ein-application-rules step 2). */
function refineActivity(v: { businessActivity?: string; otherActivity?: string | null }, ctx: z.RefinementCtx) {
  if (v.businessActivity === 'Other' && !v.otherActivity?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['otherActivity'], message: 'validation.otherActivityRequired' });
  }
}

/** The SSN is required unless the no-SSN box is ticked (product.md#ein-application-rules step 3). */
function refineSsn(v: { noSsn?: boolean; responsiblePartySsn?: string | null }, ctx: z.RefinementCtx) {
  if (v.noSsn) return;
  const ssn = v.responsiblePartySsn?.trim() ?? '';
  if (!ssn) ctx.addIssue({ code: 'custom', path: ['responsiblePartySsn'], message: 'validation.ssnRequired' });
  else if (!isSsn(ssn))
    ctx.addIssue({ code: 'custom', path: ['responsiblePartySsn'], message: 'validation.ssnInvalid' });
}

const companyFields = {
  businessName: required('validation.businessNameRequired'),
  email: emailField,
  state: safeText(TEXT_MAX.choice, { error: 'validation.stateRequired', tooLong: 'validation.stateInvalid' })
    .min(1, 'validation.stateRequired')
    .refine(isUsState, 'validation.stateInvalid'),
  businessActivity: z.enum(BUSINESS_ACTIVITIES, { error: 'validation.businessActivityRequired' }),
  otherActivity: safeText(TEXT_MAX.otherActivity, { tooLong: 'validation.textTooLong' }).optional().nullable(),
};

const ownershipFields = {
  responsiblePartyName: required('validation.nameRequired', TEXT_MAX.fullName),
  responsiblePartyPhone: safeText(TEXT_MAX.phone, {
    error: 'validation.phoneNumberRequired',
    tooLong: 'validation.phoneInvalid',
  })
    .min(1, 'validation.phoneNumberRequired')
    .refine(isPhoneNumber, 'validation.phoneInvalid'),
  noSsn: z.boolean().default(false),
  responsiblePartySsn: safeText(TEXT_MAX.ssn, { tooLong: 'validation.ssnInvalid' }).optional().nullable(),
};

const reviewFields = { terms: z.literal(true, { error: 'validation.einTermsRequired' }) };

/** Step 2 "company info" (product.md#ein-application-rules EIN wizard). */
export const einCompanyStepSchema = z.object(companyFields).superRefine(refineActivity);
/** Step 3 "ownership info". */
export const einOwnershipStepSchema = z.object(ownershipFields).superRefine(refineSsn);
/** Step 5 "review and submit". */
export const einReviewStepSchema = z.object(reviewFields);

/**
 * The whole application as the API receives it (the multipart fields; the two files travel beside
 * them as `articlesOfOrganization` and `registeredAgentInvoice`).
 */
export const einApplicationSchema = z
  .object({ ...companyFields, ...ownershipFields, ...reviewFields })
  .superRefine((v, ctx) => {
    refineActivity(v, ctx);
    refineSsn(v, ctx);
  });
export type EinApplicationInput = z.input<typeof einApplicationSchema>;

/** The multipart file fields of an EIN application, both required (product.md#uploads step 4). */
export const EIN_APPLICATION_FILES = ['articlesOfOrganization', 'registeredAgentInvoice'] as const;

/** The admin list (product.md#admin-pages Admin EIN applications): paged, sorted, filtered and searched on the server. */
export const adminEinListQuerySchema = listQuery(
  {
    // waiting_longest: the longest in their current stage first (decision 0016).
    sort: z.enum(['created_desc', 'created_asc', 'waiting_longest']).default('created_desc'),
    status: z.enum(EIN_STATUSES).optional(),
    /**
     * Decision 0050: only the applications at submitted_to_irs past the overdue rule ('1'); the home's
     * "overdue now" figure opens the desk with it (decision 0055).
     */
    overdue: z.enum(['1']).optional(),
    q: safeText(TEXT_MAX.search).optional(),
    /**
     * Reached its current status in these UTC days, both included: with `status=ein_issued`, the
     * applications the home's "EINs issued" counts (decision 0055).
     */
    reachedFrom: z.iso.date().optional(),
    reachedTo: z.iso.date().optional(),
    /** The customer's utm_source and short link at sign-up: the home's funnel filters (decision 0055). */
    utm: safeText(TEXT_MAX.token).min(1).optional(),
    link: safeText(TEXT_MAX.token).min(1).optional(),
  },
  { periods: [['reachedFrom', 'reachedTo']] },
).list;
export type AdminEinListQuery = z.input<typeof adminEinListQuerySchema>;

export const adminEinAdvanceSchema = z.object({
  to: z.enum(EIN_STATUSES, { error: 'validation.invalid' }),
  /** The issued EIN; the server requires it for ein_issued unless one is stored (schemas/company). */
  ein: einField.optional(),
});

export const adminEinNotesSchema = z.object({
  adminNotes: safeText(TEXT_MAX.adminNotes, { tooLong: 'validation.textTooLong', trim: false }).nullable(),
});
