import { z } from 'zod';
import { calendarDate } from '../../schemas/dates';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import {
  ADDRESS_KINDS,
  type AddressRole,
  isCountryCode,
  looksLikePoBox,
  PO_BOX_FORBIDDEN_ROLES,
  US_ONLY_ROLES,
  US_STATE_CODES,
  US_ZIP,
} from './addresses.domain';
import { APPLICATION_OUTCOMES, APPLICATION_REASON_MAX } from './applications.domain';
import { PROVIDERS } from './providers.domain';

/** An address the customer gives in one role (the role is the path's). */
export const bankAddressInputSchema = z.object({
  kind: z.enum(ADDRESS_KINDS, { error: 'bankReadiness.validation.addressKindRequired' }),
  country: safeText(2, {
    error: 'bankReadiness.validation.countryRequired',
    tooLong: 'bankReadiness.validation.countryRequired',
  }).transform((v) => v.toUpperCase()),
  line1: safeText(TEXT_MAX.name).min(1, 'bankReadiness.validation.addressRequired'),
  line2: safeText(TEXT_MAX.name).optional(),
  city: safeText(TEXT_MAX.fullName).min(1, 'bankReadiness.validation.cityRequired'),
  region: safeText(TEXT_MAX.choice).optional(),
  postalCode: safeText(20).optional(),
});
export type BankAddressValues = z.input<typeof bankAddressInputSchema>;
export type BankAddressInput = z.output<typeof bankAddressInputSchema>;

/**
 * The rules an address's shape must meet in its role, as field → message key; empty when it passes.
 * The server refuses on any (and changes nothing); the form shows the same messages.
 */
export function bankAddressProblems(role: AddressRole, input: BankAddressInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const country = input.country.toUpperCase();
  if (!isCountryCode(country)) problems.country = 'bankReadiness.validation.countryRequired';
  else if (US_ONLY_ROLES.includes(role) && country !== 'US')
    problems.country = 'bankReadiness.validation.addressMustBeUs';
  if (country === 'US') {
    if (!(US_STATE_CODES as readonly string[]).includes((input.region ?? '').toUpperCase())) {
      problems.region = 'bankReadiness.validation.usStateRequired';
    }
    if (!US_ZIP.test(input.postalCode ?? '')) problems.postalCode = 'bankReadiness.validation.zipInvalid';
  }
  if (PO_BOX_FORBIDDEN_ROLES.includes(role)) {
    if (input.kind === 'po_box') problems.kind = 'bankReadiness.validation.poBoxNotAllowed';
    else if (looksLikePoBox(input.line1) || looksLikePoBox(input.line2 ?? ''))
      problems.line1 = 'bankReadiness.validation.poBoxNotAllowed';
  }
  return problems;
}

export const bankApplicationInputSchema = z.object({
  provider: z.enum(PROVIDERS, { error: 'bankReadiness.validation.providerRequired' }),
  outcome: z.enum(APPLICATION_OUTCOMES, { error: 'bankReadiness.validation.outcomeRequired' }),
  reason: safeText(APPLICATION_REASON_MAX).optional(),
  decidedOn: calendarDate(),
});
export type BankApplicationValues = z.input<typeof bankApplicationInputSchema>;
export type BankApplicationInput = z.output<typeof bankApplicationInputSchema>;

/**
 * The back office's change to one catalogue rule (decision 0085): the day it was re-checked against its
 * sources (null keeps the catalogue's day), or withdrawn. The server also refuses a day after its today.
 */
export const ruleChangeSchema = z.object({
  checkedOn: calendarDate().nullable(),
  withdrawn: z.boolean(),
  note: safeText(500).optional(),
});
export type RuleChangeValues = z.input<typeof ruleChangeSchema>;
export type RuleChangeInput = z.output<typeof ruleChangeSchema>;

/**
 * The back office's list of bank applications (decision 0091): by provider and answer; `reason` is a
 * refusal reason as the home's figures fold it (trimmed, lower case), matched whole; `q` the customer
 * (email, names) or the company's name, Turkish letters folded, or the customer's exact id.
 */
export const bankApplicationQueries = listQuery({
  provider: z.enum(PROVIDERS).optional(),
  outcome: z.enum(APPLICATION_OUTCOMES).optional(),
  reason: safeText(APPLICATION_REASON_MAX).optional(),
  q: safeText(TEXT_MAX.search).optional(),
});
export const bankApplicationListQuerySchema = bankApplicationQueries.list;
export type BankApplicationListQuery = z.output<typeof bankApplicationListQuerySchema>;
export type BankApplicationListQueryInput = z.input<typeof bankApplicationListQuerySchema>;
export const bankApplicationExportQuerySchema = bankApplicationQueries.export;
export type BankApplicationFilter = Omit<BankApplicationListQuery, 'page' | 'pageSize'>;
