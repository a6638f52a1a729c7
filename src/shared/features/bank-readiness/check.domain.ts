import type { AddressFacts, AddressKind, AddressRole } from './addresses.domain';
import {
  type AddressRule,
  BANK_CATALOGUE,
  type BankAddressSlot,
  type BankDocument,
  type BankRule,
  type BankSource,
  type DocumentRule,
  PROVIDERS,
  type ProviderCatalogue,
  type ProviderId,
} from './providers.domain';

/**
 * The readiness check (decision 0084): the company's facts, as the portal holds them, against each
 * provider's catalogued rules. A reason names the rule's sources; a point the catalogue has no rule for
 * is "unknown, ask the bank", never a refusal (decision 0084).
 */

export interface CompanyFacts {
  addresses: readonly AddressFacts[];
  articlesInVault: boolean;
  einLetterInVault: boolean;
  /** The company's name as the formation records it (the name filed on the Articles). */
  articlesName: string | null;
  /** The name the EIN application gave the IRS (the name on the EIN letter). */
  einLetterName: string | null;
}

/** refused: the application will likely be refused; missing: ready once it is added; unknown: ask the bank. */
export type ReasonLevel = 'refused' | 'missing' | 'unknown' | 'caution';

export type Reason =
  | { code: 'address_missing'; role: AddressRole }
  | { code: 'address_not_us'; role: AddressRole; country: string }
  | {
      code: 'address_kind_refused';
      role: AddressRole;
      kind: AddressKind;
      /** An address the company already has that the provider accepts in this role. */
      suggest: { role: AddressRole; kind: AddressKind; country: string } | null;
    }
  | { code: 'address_needs_proof'; role: AddressRole; kind: AddressKind }
  | { code: 'address_kind_unknown'; role: AddressRole; kind: AddressKind }
  | { code: 'address_rules_unknown' }
  | { code: 'ra_with_foreign_owner'; country: string }
  | { code: 'country_not_served'; country: string }
  | { code: 'country_unknown'; country: string }
  | { code: 'document_missing'; document: BankDocument }
  | { code: 'names_differ'; articles: string; einLetter: string }
  | { code: 'us_ties' }
  | { code: 'right_to_live' };

export type CheckedReason = Reason & {
  level: ReasonLevel;
  sources: BankSource[];
  checkedOn: string | null;
  disagree: boolean;
  /** The reason rests on what the customer told the portal (an address's kind, a typed name). */
  fromCustomer: boolean;
};

export type Readiness = 'ready' | 'needs' | 'refused' | 'unknown';

/** Something to bring to the application that the vault does not hold (a passport, a recent bill). */
export interface BringItem {
  document: BankDocument;
  maxAgeDays: number | null;
  optional: boolean;
  sources: BankSource[];
  checkedOn: string;
  disagree: boolean;
}

export interface ProviderCheck {
  provider: ProviderId;
  status: Readiness;
  reasons: CheckedReason[];
  bring: BringItem[];
}

/** Which of the company's addresses a bank's address slot reads. */
export const SLOT_ROLE: Readonly<Record<BankAddressSlot, AddressRole>> = {
  legal: 'registered_agent',
  physical: 'physical',
  owner_home: 'owner_home',
};

/** Documents the portal's vault holds, checked there; the rest the customer brings. */
const VAULT_DOCUMENTS: readonly BankDocument[] = ['articles', 'ein_letter'];

const LEVEL_ORDER: Readonly<Record<ReasonLevel, number>> = { refused: 0, missing: 1, unknown: 2, caution: 3 };

function reasonOf(
  level: ReasonLevel,
  reason: Reason,
  rule: BankRule<unknown> | null,
  fromCustomer = false,
): CheckedReason {
  return {
    ...reason,
    level,
    sources: [...(rule?.sources ?? [])],
    checkedOn: rule?.checkedOn ?? null,
    disagree: rule?.disagree === true,
    fromCustomer,
  };
}

function addressIn(facts: CompanyFacts, role: AddressRole): AddressFacts | undefined {
  return facts.addresses.find((a) => a.role === role);
}

/** The business is run outside the US: its physical address, else the owner's home, is abroad. */
function runAbroad(facts: CompanyFacts): boolean {
  const where = addressIn(facts, 'physical') ?? addressIn(facts, 'owner_home');
  return where !== undefined && where.country !== 'US';
}

function checkAddresses(p: ProviderCatalogue, facts: CompanyFacts, out: CheckedReason[]): void {
  const slots = Object.keys(p.address) as BankAddressSlot[];
  if (slots.length === 0) {
    out.push(reasonOf('unknown', { code: 'address_rules_unknown' }, null));
    return;
  }
  for (const slot of slots) {
    const rule = p.address[slot] as BankRule<AddressRule>;
    const role = SLOT_ROLE[slot];
    const address = addressIn(facts, role);
    if (!address) {
      out.push(reasonOf('missing', { code: 'address_missing', role }, rule));
      continue;
    }
    const fromCustomer = address.origin === 'customer';
    const { accepts, refuses, needsProof, usOnly } = rule.value;
    if (usOnly && address.country !== 'US') {
      out.push(reasonOf('refused', { code: 'address_not_us', role, country: address.country }, rule, fromCustomer));
    } else if (refuses.includes(address.kind)) {
      out.push(
        reasonOf(
          'refused',
          { code: 'address_kind_refused', role, kind: address.kind, suggest: suggestion(facts, rule.value, address) },
          rule,
          fromCustomer,
        ),
      );
    } else if (needsProof?.includes(address.kind)) {
      out.push(reasonOf('missing', { code: 'address_needs_proof', role, kind: address.kind }, rule, fromCustomer));
    } else if (!accepts.includes(address.kind)) {
      out.push(reasonOf('unknown', { code: 'address_kind_unknown', role, kind: address.kind }, rule, fromCustomer));
    }
  }
}

/** Another address of the company the rule accepts (the owner's home abroad for a physical address). */
function suggestion(
  facts: CompanyFacts,
  rule: AddressRule,
  refused: AddressFacts,
): { role: AddressRole; kind: AddressKind; country: string } | null {
  const fit = facts.addresses.find(
    (a) =>
      a !== refused &&
      rule.accepts.includes(a.kind) &&
      !rule.needsProof?.includes(a.kind) &&
      (!rule.usOnly || a.country === 'US'),
  );
  return fit ? { role: fit.role, kind: fit.kind, country: fit.country } : null;
}

function checkOwnerCountry(p: ProviderCatalogue, facts: CompanyFacts, out: CheckedReason[]): void {
  const home = addressIn(facts, 'owner_home');
  const legal = addressIn(facts, 'registered_agent');
  const raRule = p.raLegalRefusedWithForeignOwner;
  if (raRule && home && legal?.kind === 'registered_agent' && home.country !== 'US') {
    out.push(reasonOf('refused', { code: 'ra_with_foreign_owner', country: home.country }, raRule, true));
  }
  const list = p.countriesNotServed;
  if (!list) return;
  if (!home) {
    if (!out.some((r) => r.code === 'address_missing' && r.role === 'owner_home')) {
      out.push(reasonOf('missing', { code: 'address_missing', role: 'owner_home' }, list));
    }
    return;
  }
  if (list.value.countries.includes(home.country)) {
    out.push(reasonOf('refused', { code: 'country_not_served', country: home.country }, list, true));
  } else if (!list.value.complete) {
    out.push(reasonOf('unknown', { code: 'country_unknown', country: home.country }, list));
  }
}

function checkDocuments(p: ProviderCatalogue, facts: CompanyFacts, out: CheckedReason[], bring: BringItem[]): void {
  for (const rule of p.documents) {
    const d: DocumentRule = rule.value;
    if (d.ifRunAbroad) {
      if (runAbroad(facts)) out.push(reasonOf('missing', { code: 'us_ties' }, rule, true));
      continue;
    }
    if (VAULT_DOCUMENTS.includes(d.document)) {
      const held = d.document === 'articles' ? facts.articlesInVault : facts.einLetterInVault;
      if (!held && !d.optional) out.push(reasonOf('missing', { code: 'document_missing', document: d.document }, rule));
      continue;
    }
    bring.push({
      document: d.document,
      maxAgeDays: d.maxAgeDays ?? null,
      optional: d.optional === true,
      sources: [...rule.sources],
      checkedOn: rule.checkedOn,
      disagree: rule.disagree === true,
    });
  }
}

function checkNames(p: ProviderCatalogue, facts: CompanyFacts, out: CheckedReason[]): void {
  const rule = p.nameMustMatchArticles;
  if (!rule || !facts.articlesName || !facts.einLetterName) return;
  const articles = facts.articlesName.trim();
  const einLetter = facts.einLetterName.trim();
  if (articles !== einLetter) out.push(reasonOf('refused', { code: 'names_differ', articles, einLetter }, rule, true));
}

export function checkProvider(p: ProviderCatalogue, facts: CompanyFacts): ProviderCheck {
  const reasons: CheckedReason[] = [];
  const bring: BringItem[] = [];
  checkAddresses(p, facts, reasons);
  checkOwnerCountry(p, facts, reasons);
  checkNames(p, facts, reasons);
  checkDocuments(p, facts, reasons, bring);
  for (const c of p.cautions) reasons.push(reasonOf('caution', { code: c.value }, c));
  reasons.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  const status: Readiness = reasons.some((r) => r.level === 'refused')
    ? 'refused'
    : reasons.some((r) => r.level === 'missing')
      ? 'needs'
      : reasons.some((r) => r.code === 'address_rules_unknown')
        ? 'unknown'
        : 'ready';
  return { provider: p.id, status, reasons, bring };
}

/** `catalogue`: the catalogue with the back office's overrides (rule-keys.ts withOverrides), else the code's. */
export function checkAll(
  facts: CompanyFacts,
  catalogue: Readonly<Record<ProviderId, ProviderCatalogue>> = BANK_CATALOGUE,
): ProviderCheck[] {
  return PROVIDERS.map((id) => checkProvider(catalogue[id], facts));
}

/**
 * The provider to try after a refusal: the first, in the catalogue's order, that is not excluded (already
 * refused the company) and whose rules the company meets; failing that, one it meets once something is
 * added. Never one whose rules are unknown.
 */
export function nextProvider(checks: readonly ProviderCheck[], excluded: readonly ProviderId[]): ProviderId | null {
  const open = checks.filter((c) => !excluded.includes(c.provider));
  return (open.find((c) => c.status === 'ready') ?? open.find((c) => c.status === 'needs'))?.provider ?? null;
}
