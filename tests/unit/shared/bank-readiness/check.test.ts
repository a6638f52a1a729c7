/**
 * The readiness rules against the cases of /work/shared/BANK-AND-MAIL-FACTS.md (table A and its
 * "Contradictions and cautions"): each expectation names the row it comes from.
 */
import { describe, expect, it } from 'vitest';
import {
  type AddressFacts,
  isCountryCode,
  looksLikePoBox,
} from '../../../../src/shared/features/bank-readiness/addresses.domain';
import {
  type CompanyFacts,
  checkAll,
  checkProvider,
  nextProvider,
} from '../../../../src/shared/features/bank-readiness/check.domain';
import { BANK_CATALOGUE, PROVIDERS } from '../../../../src/shared/features/bank-readiness/providers.domain';

const portalVirtual: AddressFacts = { role: 'physical', kind: 'virtual', country: 'US', origin: 'portal' };
const ourAgent: AddressFacts = { role: 'registered_agent', kind: 'registered_agent', country: 'US', origin: 'portal' };
const homeTr: AddressFacts = { role: 'owner_home', kind: 'home', country: 'TR', origin: 'customer' };
const physicalHomeTr: AddressFacts = { role: 'physical', kind: 'home', country: 'TR', origin: 'customer' };

function facts(addresses: AddressFacts[], more: Partial<CompanyFacts> = {}): CompanyFacts {
  return {
    addresses,
    articlesInVault: true,
    einLetterInVault: true,
    articlesName: 'ABC LLC',
    einLetterName: 'ABC LLC',
    ...more,
  };
}

const check = (id: keyof typeof BANK_CATALOGUE, f: CompanyFacts) => checkProvider(BANK_CATALOGUE[id], f);

describe('every rule carries its source and the day it was checked', () => {
  it('holds for every provider, every address rule, document and limit', () => {
    for (const id of PROVIDERS) {
      const p = BANK_CATALOGUE[id];
      const rules = [
        ...Object.values(p.address),
        ...p.documents,
        p.countriesNotServed,
        p.needsSsnOrItin,
        p.reviewTime,
        p.nameMustMatchArticles,
        p.raLegalRefusedWithForeignOwner,
        ...p.cautions,
      ].filter((r) => r !== null && r !== undefined);
      for (const r of rules) {
        expect(r.sources.length, `${id}: a rule without a source`).toBeGreaterThan(0);
        expect(r.checkedOn).toBe('2026-11-28');
        for (const s of r.sources) expect(['official', 'third_party']).toContain(s.kind);
      }
    }
  });
});

describe('Mercury (A1)', () => {
  it('refuses our virtual address as the physical address and points to the home in Turkey', () => {
    const result = check('mercury', facts([ourAgent, portalVirtual, homeTr]));
    expect(result.status).toBe('refused');
    const reason = result.reasons.find((r) => r.code === 'address_kind_refused');
    expect(reason).toMatchObject({
      role: 'physical',
      kind: 'virtual',
      suggest: { role: 'owner_home', kind: 'home', country: 'TR' },
      fromCustomer: false,
    });
    expect(reason?.sources.map((s) => s.url).join()).toContain('35621446275860');
  });

  it('accepts a foreign home as the physical address and our agent as the legal address', () => {
    const result = check('mercury', facts([ourAgent, physicalHomeTr, homeTr]));
    expect(result.status).toBe('ready');
    // Turkey is not in the stored excerpt of the list, which is not the whole list: ask the bank.
    expect(result.reasons).toEqual([
      expect.objectContaining({ code: 'country_unknown', country: 'TR', level: 'unknown' }),
    ]);
  });

  it('refuses a registered agent, a PO box and a virtual office as the physical address', () => {
    for (const kind of ['registered_agent', 'po_box', 'virtual'] as const) {
      const result = check('mercury', facts([ourAgent, { ...physicalHomeTr, kind }, homeTr]));
      expect(result.status, kind).toBe('refused');
    }
  });

  it('refuses a legal address outside the US, and a PO box as the legal address', () => {
    expect(check('mercury', facts([{ ...ourAgent, country: 'TR' }, physicalHomeTr, homeTr])).reasons[0]).toMatchObject({
      code: 'address_not_us',
      level: 'refused',
    });
    expect(check('mercury', facts([{ ...ourAgent, kind: 'po_box' }, physicalHomeTr, homeTr])).status).toBe('refused');
  });

  it('refuses an owner living in a listed country', () => {
    const result = check('mercury', facts([ourAgent, physicalHomeTr, { ...homeTr, country: 'AF' }]));
    expect(result.reasons[0]).toMatchObject({ code: 'country_not_served', country: 'AF' });
  });

  it('asks for the proof of address at the stricter 60 days, saying the pages disagree (60 vs 90)', () => {
    const proof = check('mercury', facts([ourAgent, physicalHomeTr, homeTr])).bring.find(
      (b) => b.document === 'proof_of_address',
    );
    expect(proof).toMatchObject({ maxAgeDays: 60, disagree: true });
  });

  it('names a name on the Articles that differs from the EIN letter', () => {
    const result = check('mercury', facts([ourAgent, physicalHomeTr, homeTr], { einLetterName: 'ABC, LLC' }));
    expect(result.status).toBe('refused');
    expect(result.reasons[0]).toMatchObject({ code: 'names_differ', articles: 'ABC LLC', einLetter: 'ABC, LLC' });
  });

  it('is ready once the EIN letter is in the vault', () => {
    const result = check('mercury', facts([ourAgent, physicalHomeTr, homeTr], { einLetterInVault: false }));
    expect(result.status).toBe('needs');
    expect(result.reasons[0]).toMatchObject({ code: 'document_missing', document: 'ein_letter' });
  });
});

describe('Relay (A2, contradiction 1)', () => {
  it('refuses a registered agent legal address with an owner abroad, on the stricter reading', () => {
    const result = check('relay', facts([ourAgent, physicalHomeTr, homeTr]));
    expect(result.status).toBe('refused');
    const ra = result.reasons.find((r) => r.code === 'ra_with_foreign_owner');
    expect(ra).toMatchObject({ country: 'TR', disagree: true });
    // The newest documents page: the owner's personal address must be in the US.
    expect(result.reasons.find((r) => r.code === 'address_not_us')).toMatchObject({
      role: 'owner_home',
      disagree: true,
    });
  });

  it('accepts a foreign home as the operating address', () => {
    const result = check('relay', facts([ourAgent, physicalHomeTr, { ...homeTr, country: 'US' }]));
    expect(result.status).toBe('ready');
  });
});

describe('Wise (A3)', () => {
  it('accepts the agent as the registered address and a foreign home as the trading address', () => {
    const result = check('wise', facts([ourAgent, physicalHomeTr, homeTr]));
    expect(result.status).toBe('ready');
    // The third-party "right to live" claim is told, with the disagreement, and changes nothing.
    expect(result.reasons).toEqual([
      expect.objectContaining({ code: 'right_to_live', level: 'caution', disagree: true }),
    ]);
  });

  it('refuses a virtual address as the trading address', () => {
    expect(check('wise', facts([ourAgent, portalVirtual, homeTr])).status).toBe('refused');
  });
});

describe('Payoneer and Airwallex (A4, A5): address rules not found', () => {
  it('says "unknown, ask" rather than ready', () => {
    for (const id of ['payoneer', 'airwallex'] as const) {
      const result = check(id, facts([ourAgent, portalVirtual, { ...homeTr, country: 'US' }]));
      expect(result.status, id).toBe('unknown');
      expect(result.reasons.some((r) => r.code === 'address_rules_unknown')).toBe(true);
    }
  });

  it('Airwallex asks a business run abroad for its US ties', () => {
    const result = check('airwallex', facts([ourAgent, physicalHomeTr, homeTr]));
    expect(result.status).toBe('needs');
    expect(result.reasons[0]).toMatchObject({ code: 'us_ties' });
  });
});

describe('Stripe (A6, contradiction 3)', () => {
  it('accepts a registered agent address once a proof of address is added', () => {
    const result = check('stripe', facts([ourAgent, physicalHomeTr, homeTr]));
    expect(result.status).toBe('needs');
    expect(result.reasons[0]).toMatchObject({ code: 'address_needs_proof', kind: 'registered_agent' });
  });

  it('refuses a virtual (CMRA) address', () => {
    expect(check('stripe', facts([{ ...ourAgent, kind: 'virtual' }])).status).toBe('refused');
  });
});

describe('the next provider after a refusal', () => {
  it('is the first whose rules the company meets, skipping the ones that refused', () => {
    const checks = checkAll(facts([ourAgent, physicalHomeTr, homeTr]));
    expect(nextProvider(checks, ['mercury'])).toBe('wise');
    expect(nextProvider(checks, ['mercury', 'wise'])).toBe('airwallex');
  });

  it('is none when nothing fits', () => {
    const checks = checkAll(facts([]));
    expect(nextProvider(checks, [...PROVIDERS])).toBeNull();
  });
});

describe('address shapes', () => {
  it('knows a PO box and a PMB on a street line', () => {
    for (const line of ['PO Box 12', 'P.O. Box 9', 'Post Office Box 1', '30 N Gould St PMB 301', '1 Main St #PMB 4']) {
      expect(looksLikePoBox(line), line).toBe(true);
    }
    for (const line of ['30 N Gould St Ste R', 'Boxwood Lane 4', 'Pombal Sk. 3']) {
      expect(looksLikePoBox(line), line).toBe(false);
    }
  });

  it('knows country codes', () => {
    expect(isCountryCode('TR')).toBe(true);
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('QQ')).toBe(false);
    expect(isCountryCode('tr')).toBe(false);
  });
});
