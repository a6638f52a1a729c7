import { z } from 'zod';
import { COMPLIANCE_RULES } from '../../catalogue/compliance';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { MAILROOM_ITEMS_ENUM } from '../mail/mail.domain';

/** product.md#service-form-rules admin service form. Prices travel as integer cents; the form reads dollars (parseUsdToCents). */

export const SERVICE_TEXT_MAX = { title: TEXT_MAX.name, description: 4000, stripePriceId: 100 } as const;
/** A ceiling well above anything this business sells, so a typo of extra zeros is refused. */
export const SERVICE_PRICE_MAX_CENTS = 10_000_000;

const TITLE_REQUIRED = 'validation.serviceTitleRequired';
const DESCRIPTION_REQUIRED = 'validation.serviceDescriptionRequired';
const PRICE_REQUIRED = 'validation.servicePriceRequired';
export const STRIPE_PRICE_REQUIRED = 'validation.stripePriceIdRequired';
const RULE_UNKNOWN = 'validation.complianceRuleUnknown';

/** The catalogue's rules a service can file ("Let us file it", decision 0052): those that fall due. */
export const FILABLE_RULE_IDS: readonly string[] = COMPLIANCE_RULES.filter((r) => r.status === 'required').map(
  (r) => r.id,
);

/** Optional English twin of a text: blank means "none" (the Turkish text is shown in both languages). */
const optionalTwin = (max: number) =>
  safeText(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const serviceInputSchema = z.object({
  title: safeText(SERVICE_TEXT_MAX.title, { error: TITLE_REQUIRED }).min(1, TITLE_REQUIRED),
  description: safeText(SERVICE_TEXT_MAX.description, { error: DESCRIPTION_REQUIRED }).min(1, DESCRIPTION_REQUIRED),
  titleEn: optionalTwin(SERVICE_TEXT_MAX.title),
  descriptionEn: optionalTwin(SERVICE_TEXT_MAX.description),
  priceCents: z
    .number({ error: PRICE_REQUIRED })
    .int(PRICE_REQUIRED)
    .min(1, PRICE_REQUIRED)
    .max(SERVICE_PRICE_MAX_CENTS, PRICE_REQUIRED),
  /** Required by the server only when real Stripe is configured (STRIPE_PRICE_REQUIRED). */
  stripePriceId: optionalTwin(SERVICE_TEXT_MAX.stripePriceId),
  isActive: z.boolean().default(true),
  /** The compliance rules this service files, by the catalogue's ids (decisions 0052, 0058); absent keeps them. */
  complianceRules: z
    .array(z.string({ error: RULE_UNKNOWN }).max(60, RULE_UNKNOWN), { error: RULE_UNKNOWN })
    .max(FILABLE_RULE_IDS.length, RULE_UNKNOWN)
    .refine((ids) => ids.every((id) => FILABLE_RULE_IDS.includes(id)), RULE_UNKNOWN)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  /** What the mailroom sells with it (a forwarding weight band, decision 0089); null: nothing; absent keeps it. */
  mailroomItem: z.enum(MAILROOM_ITEMS_ENUM, { error: 'validation.invalid' }).nullable().optional(),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** A partial update: the active toggle sends { isActive } alone. */
export const serviceUpdateSchema = serviceInputSchema.partial();

export const SERVICE_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;

/** The catalogue is short: its list is not paged, only filtered. */
export const adminServiceListQuerySchema = listQuery({
  q: safeText(TEXT_MAX.search).optional(),
  status: z.enum(SERVICE_STATUS_FILTERS).default('all'),
}).filter;
export type AdminServiceListQuery = z.input<typeof adminServiceListQuerySchema>;

export const purchaseSchema = z.object({
  serviceId: z.uuid({ error: 'validation.invalid' }),
  /**
   * "Let us file it" (decision 0052): the calendar item (`<rule id>:<due date>`) this purchase files; it
   * must be one of the buyer's items and a rule the service files. Paid, it opens the filing for staff.
   */
  complianceItemKey: safeText(TEXT_MAX.choice)
    .regex(/^[a-z0-9_]+:\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
    .optional(),
});

/** The success page's `session_id`: Stripe's cs_… ids and the local test checkout's. */
export const checkoutSessionIdSchema = safeText(TEXT_MAX.token).regex(/^cs_[A-Za-z0-9_]+$/, 'validation.invalid');
