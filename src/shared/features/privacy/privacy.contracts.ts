import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { calendarDate, instant } from '../../schemas/dates';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { ERASURE_STATUSES, LEGAL_TEXTS, OPTIONAL_CONSENTS } from './privacy.domain';

/**
 * Customers' data rights (decisions 0046, 0047): /api/privacy (the customer's own consents, the copy
 * of their data, their erasure request) and /api/admin/privacy (the erasure queue, a customer's copy
 * produced by staff). The web imports the types only.
 */

export { type Ok, okSchema } from '../../contracts/common';

const textVersions = z.object({ terms: z.string(), privacyNotice: z.string() });

export const consentRecordSchema = z.object({
  kind: z.string(),
  version: z.string().nullable(),
  given: z.boolean(),
  at: z.string(),
});

export const consentsSchema = z
  .object({
    /** The texts' current versions. */
    current: textVersions,
    /** The version of each text the customer last accepted (null: never). */
    accepted: z.object({ terms: z.string().nullable(), privacyNotice: z.string().nullable() }),
    /** A current text not accepted yet: the web asks before anything else, the server refuses writes. */
    needsAcceptance: z.boolean(),
    /** Each optional consent's state (never given: false). */
    optional: z.object({ productMails: z.boolean() }),
    /** Every acceptance, giving and withdrawal, newest first. */
    history: z.array(consentRecordSchema),
  })
  .openapi('PrivacyConsents');

export const acceptTextsSchema = z
  .object({
    /** The versions the customer was shown; a stale page (an older version) is refused. */
    terms: safeText(TEXT_MAX.token).min(1),
    privacyNotice: safeText(TEXT_MAX.token).min(1),
  })
  .openapi('AcceptTexts');

export const consentKindParams = z.object({ kind: z.enum(OPTIONAL_CONSENTS) });
export const setConsentSchema = z.object({ given: z.boolean() }).openapi('SetConsent');

export const erasureRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(ERASURE_STATUSES),
    requestedAt: instant(),
    confirmedAt: instant().nullable(),
    /** The day the answer is due (30 days after the confirmation, decision 0047). */
    dueOn: calendarDate().nullable(),
    decidedAt: instant().nullable(),
    answer: z.string().nullable(),
  })
  .openapi('ErasureRequest');

export const myErasureSchema = z.object({ request: erasureRequestSchema.nullable() }).openapi('MyErasure');
export const confirmErasureSchema = z.object({ token: safeText(TEXT_MAX.token).min(1) }).openapi('ConfirmErasure');

export const erasureListQuerySchema = listQuery(
  {
    /** Default: the ones waiting for an answer. */
    status: z.enum(['pending', 'erased', 'declined']).default('pending'),
  },
  { pageSize: 25 },
).list;
export type ErasureListQuery = z.input<typeof erasureListQuerySchema>;

export const erasureQueueItemSchema = erasureRequestSchema
  .extend({
    userId: z.string(),
    /** Null once erased. */
    customer: z.object({ name: z.string(), email: z.string() }).nullable(),
    /** Paid orders the operator must keep (accounting law); they stay, without personal fields. */
    paidOrders: z.number().int(),
    /** Storage keys still to be removed after an erasure (retried until none). */
    filesPending: z.number().int(),
  })
  .openapi('ErasureQueueItem');

export const erasureListSchema = pageOf(erasureQueueItemSchema, 'ErasureQueue');

export const declineErasureSchema = z.object({ answer: safeText(TEXT_MAX.longText).min(1) }).openapi('DeclineErasure');

export const approveErasureSchema = z
  .object({
    /** Optional note to the customer, e.g. which paid orders are kept without personal fields. */
    answer: safeText(TEXT_MAX.longText).optional(),
  })
  .openapi('ApproveErasure');

export const legalTextParams = z.object({ text: z.enum(LEGAL_TEXTS) });

export type Consents = z.output<typeof consentsSchema>;
export type ConsentRecord = z.output<typeof consentRecordSchema>;
export type AcceptTextsInput = z.input<typeof acceptTextsSchema>;
export type ErasureRequest = z.output<typeof erasureRequestSchema>;
export type MyErasure = z.output<typeof myErasureSchema>;
export type ErasureQueueItem = z.output<typeof erasureQueueItemSchema>;
export type ErasureList = z.output<typeof erasureListSchema>;
