import { daysBetween } from '../../format/calendar-days';
import {
  BANK_CATALOGUE,
  BANK_DOCUMENTS,
  type BankAddressSlot,
  type BankRule,
  PROVIDERS,
  type ProviderCatalogue,
  type ProviderId,
} from './providers.domain';

/**
 * The catalogue's rules by a stable key (decision 0085), so the back office can re-check or withdraw one
 * rule without editing code: `address.legal`, `document.passport`, `countries`, `ssn`, `review`, `name`,
 * `ra_foreign_owner`, `caution.right_to_live`. A withdrawn rule leaves the catalogue, and the check says
 * "unknown, ask the bank" where it stood; a re-check moves its checked day.
 */

export interface RuleOverride {
  provider: ProviderId;
  key: string;
  /** The day the operator re-checked the rule against its sources; null keeps the catalogue's. */
  checkedOn: string | null;
  withdrawn: boolean;
}

/** A rule older than this is flagged on the operator's home as needing a re-check. */
export const BANK_RULE_MAX_AGE_DAYS = 180;

export interface KeyedRule {
  provider: ProviderId;
  key: string;
  rule: BankRule<unknown>;
}

export function rulesOf(p: ProviderCatalogue): KeyedRule[] {
  const out: KeyedRule[] = [];
  const add = (key: string, rule: BankRule<unknown> | null | undefined) => {
    if (rule) out.push({ provider: p.id, key, rule });
  };
  for (const [slot, rule] of Object.entries(p.address)) add(`address.${slot}`, rule);
  for (const d of p.documents) add(`document.${d.value.document}`, d);
  add('countries', p.countriesNotServed);
  add('ssn', p.needsSsnOrItin);
  add('review', p.reviewTime);
  add('name', p.nameMustMatchArticles);
  add('ra_foreign_owner', p.raLegalRefusedWithForeignOwner);
  for (const c of p.cautions) add(`caution.${c.value}`, c);
  return out;
}

/** Every rule key the catalogue could hold, for the API's check of a key. */
export function isRuleKey(key: string): boolean {
  const [head, tail] = key.split('.');
  if (head === 'address') return ['legal', 'physical', 'owner_home'].includes(tail);
  if (head === 'document') return (BANK_DOCUMENTS as readonly string[]).includes(tail);
  if (head === 'caution') return tail === 'right_to_live';
  return tail === undefined && ['countries', 'ssn', 'review', 'name', 'ra_foreign_owner'].includes(head);
}

function apply<T>(rule: BankRule<T>, o: RuleOverride | undefined): BankRule<T> | null {
  if (!o) return rule;
  if (o.withdrawn) return null;
  return o.checkedOn ? { ...rule, checkedOn: o.checkedOn } : rule;
}

/** The catalogue with the operator's overrides applied. */
export function withOverrides(overrides: readonly RuleOverride[]): Record<ProviderId, ProviderCatalogue> {
  const out = {} as Record<ProviderId, ProviderCatalogue>;
  for (const id of PROVIDERS) {
    const p = BANK_CATALOGUE[id];
    const of = (key: string) => overrides.find((o) => o.provider === id && o.key === key);
    const address: ProviderCatalogue['address'] = {};
    for (const [slot, rule] of Object.entries(p.address) as [
      BankAddressSlot,
      NonNullable<ProviderCatalogue['address'][BankAddressSlot]>,
    ][]) {
      const kept = apply(rule, of(`address.${slot}`));
      if (kept) address[slot] = kept;
    }
    const keep = <T>(rule: BankRule<T> | null, key: string) => (rule ? apply(rule, of(key)) : null);
    out[id] = {
      ...p,
      address,
      documents: p.documents.flatMap((d) => apply(d, of(`document.${d.value.document}`)) ?? []),
      countriesNotServed: keep(p.countriesNotServed, 'countries'),
      needsSsnOrItin: keep(p.needsSsnOrItin, 'ssn'),
      reviewTime: keep(p.reviewTime, 'review'),
      nameMustMatchArticles: keep(p.nameMustMatchArticles, 'name'),
      raLegalRefusedWithForeignOwner: keep(p.raLegalRefusedWithForeignOwner, 'ra_foreign_owner'),
      cautions: p.cautions.flatMap((c) => apply(c, of(`caution.${c.value}`)) ?? []),
    };
  }
  return out;
}

export function isStale(checkedOn: string, today: string, maxAgeDays = BANK_RULE_MAX_AGE_DAYS): boolean {
  return daysBetween(checkedOn, today) > maxAgeDays;
}
