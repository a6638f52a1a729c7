import type { AddressOption, PackageId } from '../../../../shared/catalogue/packages';
import type { formationServiceStepRules } from '../../../../shared/features/formations/formations.schemas';
import type { Draft, DraftResponse } from '../api/draft';

export const STEP_KEYS = ['package', 'process', 'state', 'address', 'payment'] as const;
/** The validated steps: zero-based index in STEP_KEYS → step number of formationServiceStepRules. */
export const STEP_RULES: Partial<Record<number, keyof typeof formationServiceStepRules>> = { 0: 1, 2: 3, 3: 4 };
/** Where each field is chosen, to send the user back to it when it fails. */
export const FIELD_STEP: Record<string, number> = { packageSelected: 0, stateSelected: 2, businessAddress: 3 };
export const PAYMENT_STEP = STEP_KEYS.length - 1;

export interface Values {
  packageSelected: PackageId | null;
  stateType: 'recommended' | 'other' | null;
  stateSelected: string | null;
  businessAddress: AddressOption | null;
}

/**
 * The wizard's answers from the saved draft. A package not chosen yet starts as `preferredPackage`
 * (the one an assisted customer signed up for in onboarding); the user still confirms it with Next.
 */
export function valuesFrom(draft: Draft | null, preferredPackage: PackageId | null = null): Values {
  return {
    packageSelected: draft?.packageSelected ?? preferredPackage,
    stateType: draft?.stateType ?? null,
    stateSelected: draft?.stateSelected ?? null,
    businessAddress: draft?.businessAddress ?? null,
  };
}

/** Where a returning user lands: step 4 once formed (product.md#pages), else the first step still to answer. */
export function startStep({ draft, formationStatus }: Pick<DraftResponse, 'draft' | 'formationStatus'>): number {
  if (formationStatus === 'formation_completed') return 3;
  if (!draft?.packageSelected) return 0;
  if (!draft.stateSelected) return 2;
  if (!draft.businessAddress) return 3;
  return PAYMENT_STEP;
}

/** What a step made of one choice group receives. */
export interface ChoiceStepProps<T extends string> {
  focus: boolean;
  value: T | null;
  error?: string;
  onChange: (value: T) => void;
}
