import {
  onboardingSchema,
  onboardingStepOneSchema,
} from '../../../../../shared/features/formations/formations.schemas';

export type FormationType = 'self' | 'assisted';
export type AddressPreference = 'shared' | 'private';
/** 1 membership type, 2 purpose, 3 address preference (self-service only), 4 process overview. */
export type Step = 1 | 2 | 3 | 4;

export interface OnboardingValues {
  formationType: FormationType | '';
  phoneNumber: string;
  businessMotivation: string;
  addressPreference: AddressPreference;
}

export const EMPTY: OnboardingValues = {
  formationType: '',
  phoneNumber: '',
  businessMotivation: '',
  addressPreference: 'shared',
};

/** The steps a membership type walks through; assisted skips the address step (product.md#onboarding). */
export function stepsFor(type: OnboardingValues['formationType']): Step[] {
  return type === 'assisted' ? [1, 2, 4] : [1, 2, 3, 4];
}

export const STEP_LABELS: Record<Step, string> = {
  1: 'onboarding.steps.membership',
  2: 'onboarding.steps.purpose',
  3: 'onboarding.steps.address',
  4: 'onboarding.steps.overview',
};

/** Where a field the API refused is asked for. */
export function stepOfFields(fields: string[]): Step {
  return fields.includes('formationType') || fields.includes('phoneNumber') ? 1 : 2;
}

/** What POST /api/formations receives: only the answers the chosen type asks for. */
export function requestBody(values: OnboardingValues) {
  const type = values.formationType as FormationType;
  return {
    formationType: type,
    phoneNumber: type === 'assisted' ? values.phoneNumber.trim() : undefined,
    businessMotivation: values.businessMotivation.trim() || undefined,
    addressPreference: type === 'self' ? values.addressPreference : undefined,
  };
}

/**
 * The schemas the wizard checks with: step 1 when it is left ('Please enter your phone number'),
 * the whole request before it is sent. The step-one schema has no message of its own for a missing
 * type, so the flow asks for the type first.
 */
export const CHECKS = { stepOne: onboardingStepOneSchema, request: onboardingSchema } as const;
export const TYPE_REQUIRED = { formationType: 'validation.formationTypeRequired' };
