import { describe, expect, it } from 'vitest';
import { ASSISTED_PACKAGE_ID, ASSISTED_PRICE, findPackage } from '../../src/shared/catalogue/packages';
import type { Draft } from '../../src/web/features/turnkey/api/draft';
import { PAYMENT_STEP, startStep, valuesFrom } from '../../src/web/features/turnkey/steps/wizardState';

const draft = (patch: Partial<Draft>): Draft => ({
  packageSelected: null,
  stateType: null,
  stateSelected: null,
  businessAddress: null,
  documentsReady: false,
  paymentStatus: 'pending',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('turnkey wizard state', () => {
  it('starts an assisted customer with the package onboarding priced, and keeps a choice already saved', () => {
    expect(ASSISTED_PRICE).toBe(findPackage(ASSISTED_PACKAGE_ID)?.price);
    expect(valuesFrom(null, ASSISTED_PACKAGE_ID).packageSelected).toBe(ASSISTED_PACKAGE_ID);
    expect(valuesFrom(draft({}), ASSISTED_PACKAGE_ID).packageSelected).toBe(ASSISTED_PACKAGE_ID);
    expect(valuesFrom(draft({ packageSelected: 'formation_only' }), ASSISTED_PACKAGE_ID).packageSelected).toBe(
      'formation_only',
    );
    expect(valuesFrom(draft({})).packageSelected).toBeNull();
  });

  it('reopens at the first step still to answer, the package step until a package is saved', () => {
    // A preselected package is not saved yet, so the user still lands on (and confirms) step 1.
    expect(startStep({ draft: null, formationStatus: 'preparation' })).toBe(0);
    expect(startStep({ draft: draft({ packageSelected: 'formation_only' }), formationStatus: 'preparation' })).toBe(2);
    const full = draft({
      packageSelected: 'formation_only',
      stateSelected: 'Wyoming',
      businessAddress: 'shared_address',
    });
    expect(startStep({ draft: full, formationStatus: 'preparation' })).toBe(PAYMENT_STEP);
    expect(startStep({ draft: full, formationStatus: 'formation_completed' })).toBe(3);
  });
});
