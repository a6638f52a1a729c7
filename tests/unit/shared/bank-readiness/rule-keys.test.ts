import { describe, expect, it } from 'vitest';
import { checkProvider } from '../../../../src/shared/features/bank-readiness/check.domain';
import { BANK_CATALOGUE, PROVIDERS } from '../../../../src/shared/features/bank-readiness/providers.domain';
import {
  isRuleKey,
  isStale,
  rulesOf,
  withOverrides,
} from '../../../../src/shared/features/bank-readiness/rule-keys.domain';

describe('the catalogue rules by key (decision 0085)', () => {
  it('gives every rule a key the API accepts, once per provider', () => {
    for (const id of PROVIDERS) {
      const keys = rulesOf(BANK_CATALOGUE[id]).map((r) => r.key);
      expect(new Set(keys).size, id).toBe(keys.length);
      for (const key of keys) expect(isRuleKey(key), key).toBe(true);
    }
    expect(isRuleKey('address.moon')).toBe(false);
    expect(isRuleKey('ssn.extra')).toBe(false);
  });

  it('drops a withdrawn rule, so the check asks the bank instead of refusing', () => {
    const catalogue = withOverrides([
      { provider: 'mercury', key: 'address.physical', checkedOn: null, withdrawn: true },
    ]);
    expect(catalogue.mercury.address.physical).toBeUndefined();
    const virtual = { role: 'physical', kind: 'virtual', country: 'US', origin: 'portal' } as const;
    const facts = {
      addresses: [virtual],
      articlesInVault: true,
      einLetterInVault: true,
      articlesName: null,
      einLetterName: null,
    };
    expect(checkProvider(BANK_CATALOGUE.mercury, facts).reasons.some((r) => r.code === 'address_kind_refused')).toBe(
      true,
    );
    expect(checkProvider(catalogue.mercury, facts).reasons.some((r) => r.code === 'address_kind_refused')).toBe(false);
  });

  it('moves a re-checked rule’s day and flags a rule older than 180 days', () => {
    const catalogue = withOverrides([{ provider: 'relay', key: 'review', checkedOn: '2027-01-05', withdrawn: false }]);
    expect(catalogue.relay.reviewTime?.checkedOn).toBe('2027-01-05');
    expect(isStale('2026-11-28', '2027-05-27')).toBe(false);
    expect(isStale('2026-11-28', '2027-05-28')).toBe(true);
  });
});
