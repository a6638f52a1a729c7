import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { calendarDate, instant } from '../../schemas/dates';
import { ADDRESS_KINDS, ADDRESS_ROLES } from './addresses.domain';
import { APPLICATION_OUTCOMES } from './applications.domain';
import type { ProviderCheck } from './check.domain';
import { BANK_DOCUMENTS, PROVIDERS } from './providers.domain';

/**
 * Bank readiness (decision 0084): the company's addresses, the check per provider, the
 * customer's applications. The request schemas live in src/shared/features/bank-readiness/bank-readiness.schemas.ts.
 */
export {
  type BankAddressInput,
  type BankApplicationInput,
  bankAddressInputSchema,
  bankApplicationInputSchema,
  type RuleChangeInput,
  ruleChangeSchema,
} from './bank-readiness.schemas';

export const addressRoleParams = z.object({
  role: z.enum(ADDRESS_ROLES).openapi({ param: { name: 'role', in: 'path' } }),
});

export const bankAddressSchema = z
  .object({
    role: z.enum(ADDRESS_ROLES),
    kind: z.enum(ADDRESS_KINDS),
    country: z.string(),
    /** Empty for the portal's own addresses, whose street the formation's documents give. */
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postalCode: z.string().nullable(),
    origin: z.enum(['portal', 'customer']),
  })
  .openapi('BankAddress');

const sourceSchema = z.object({
  url: z.string(),
  pageDate: z.string().nullable(),
  kind: z.enum(['official', 'third_party']),
});

/** One reason; its other fields (role, kind, country, names...) depend on `code` (check.ts, Reason). */
const reasonSchema = z
  .object({
    code: z.string(),
    level: z.enum(['refused', 'missing', 'unknown', 'caution']),
    sources: z.array(sourceSchema),
    checkedOn: z.string().nullable(),
    disagree: z.boolean(),
    fromCustomer: z.boolean(),
  })
  .catchall(z.unknown());

const checkSchema = z
  .object({
    provider: z.enum(PROVIDERS),
    status: z.enum(['ready', 'needs', 'refused', 'unknown']),
    reasons: z.array(reasonSchema),
    bring: z.array(
      z.object({
        document: z.enum(BANK_DOCUMENTS),
        maxAgeDays: z.number().nullable(),
        optional: z.boolean(),
        sources: z.array(sourceSchema),
        checkedOn: z.string(),
        disagree: z.boolean(),
      }),
    ),
  })
  .openapi('BankCheck');

export const bankApplicationSchema = z
  .object({
    id: z.string(),
    provider: z.enum(PROVIDERS),
    outcome: z.enum(APPLICATION_OUTCOMES),
    reason: z.string().nullable(),
    decidedOn: calendarDate(),
    createdAt: instant(),
  })
  .openapi('BankApplication');

export const bankReadinessSchema = z
  .object({
    addresses: z.array(bankAddressSchema),
    checks: z.array(checkSchema),
    vault: z.object({ articles: z.boolean(), einLetter: z.boolean() }),
    applications: z.array(bankApplicationSchema),
    /** After the newest refusal: the next provider whose rules the company meets. */
    next: z.enum(PROVIDERS).nullable(),
  })
  .openapi('BankReadiness');

export const savedAddressSchema = z
  .object({
    address: bankAddressSchema,
    /** The change is one the IRS wants told on Form 8822-B within 60 days (facts file). */
    form8822b: z.boolean(),
  })
  .openapi('BankAddressSaved');

export const recordedApplicationSchema = z
  .object({ application: bankApplicationSchema, next: z.enum(PROVIDERS).nullable() })
  .openapi('BankApplicationRecorded');

export const packQuerySchema = z.object({ provider: z.enum(PROVIDERS) });

/** The checks typed as the shared check makes them (the schema documents their common fields). */
export type BankReadiness = Omit<z.output<typeof bankReadinessSchema>, 'checks'> & { checks: ProviderCheck[] };
export type BankAddressView = z.output<typeof bankAddressSchema>;
export type BankApplicationView = z.output<typeof bankApplicationSchema>;
export type SavedAddress = z.output<typeof savedAddressSchema>;
export type RecordedApplication = z.output<typeof recordedApplicationSchema>;

// --- the back office (decision 0085) ---------------------------------------------------------------------

export const ruleParams = z.object({
  provider: z.enum(PROVIDERS).openapi({ param: { name: 'provider', in: 'path' } }),
  key: z
    .string()
    .max(64)
    .openapi({ param: { name: 'key', in: 'path' } }),
});

export const catalogueRulesSchema = z
  .object({
    maxAgeDays: z.number().int(),
    rules: z.array(
      z.object({
        provider: z.enum(PROVIDERS),
        key: z.string(),
        checkedOn: z.string(),
        withdrawn: z.boolean(),
        stale: z.boolean(),
        disagree: z.boolean(),
        sources: z.array(sourceSchema),
        note: z.string().nullable(),
      }),
    ),
  })
  .openapi('BankCatalogueRules');

export const bankSummarySchema = z
  .object({
    providers: z.array(
      z.object({
        provider: z.enum(PROVIDERS),
        approved: z.number().int(),
        moreInfo: z.number().int(),
        refused: z.number().int(),
      }),
    ),
    reasons: z.array(z.object({ reason: z.string(), n: z.number().int() })),
    staleRules: z.number().int(),
    maxAgeDays: z.number().int(),
  })
  .openapi('BankSummary');

export type BankSummary = z.output<typeof bankSummarySchema>;

// --- the list of applications (decision 0091) --------------------------------------------------------------

export {
  type BankApplicationFilter,
  type BankApplicationListQuery,
  type BankApplicationListQueryInput,
  bankApplicationExportQuerySchema,
  bankApplicationListQuerySchema,
} from './bank-readiness.schemas';

export const bankApplicationRowSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    customerEmail: z.string(),
    customerName: z.string().nullable(),
    businessName: z.string().nullable(),
    provider: z.enum(PROVIDERS),
    outcome: z.enum(APPLICATION_OUTCOMES),
    reason: z.string().nullable(),
    decidedOn: calendarDate(),
    createdAt: instant(),
  })
  .openapi('BankApplicationRow');
export type BankApplicationRow = z.output<typeof bankApplicationRowSchema>;
export const bankApplicationListSchema = pageOf(bankApplicationRowSchema, 'BankApplicationList');
export type BankApplicationList = z.output<typeof bankApplicationListSchema>;
