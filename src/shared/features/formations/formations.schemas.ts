import { z } from 'zod';
import { ADDRESS_OPTIONS, PACKAGE_IDS } from '../../catalogue/packages';
import { isUsState } from '../../catalogue/states';
import { safeText, TEXT_MAX } from '../../schemas/text';

/** Loose on purpose: people abroad type numbers many ways. 7-15 digits, with + ( ) - . and spaces. */
const PHONE_SHAPE = /^\+?[\d\s().-]{7,25}$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return PHONE_SHAPE.test(value.trim()) && digits.length >= 7 && digits.length <= 15;
}

const phone = safeText(TEXT_MAX.phone, { tooLong: 'validation.phoneInvalid' }).refine(
  (v) => v === '' || isPhoneNumber(v),
  'validation.phoneInvalid',
);

/** Free text with no rule but its length (product.md#onboarding-and-wizard-rules "Business motivation is free text with no rule"). */
const longText = () => safeText(TEXT_MAX.longText, { tooLong: 'validation.textTooLong' });

/** product.md#data-the-portal-keeps "Onboarding form" with the rules of product.md#onboarding-and-wizard-rules "Onboarding". */
export const onboardingSchema = z
  .object({
    formationType: z.enum(['self', 'assisted'], { error: 'validation.formationTypeRequired' }),
    phoneNumber: phone.optional().nullable(),
    businessMotivation: longText().optional().nullable(),
    addressPreference: z.enum(['shared', 'private']).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.formationType === 'assisted' && !v.phoneNumber?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'validation.phoneRequiredAssisted' });
    }
  });
export type OnboardingInput = z.input<typeof onboardingSchema>;

/** Step 1 of onboarding, checked when leaving it ('Please enter your phone number'). */
export const onboardingStepOneSchema = z
  .object({
    formationType: z.enum(['self', 'assisted']),
    phoneNumber: safeText(TEXT_MAX.phone, { tooLong: 'validation.phoneInvalid' }).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const p = v.phoneNumber?.trim() ?? '';
    if (v.formationType === 'assisted' && !p) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'validation.phoneEnter' });
    } else if (v.formationType === 'assisted' && !isPhoneNumber(p)) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'validation.phoneInvalid' });
    }
  });

const state = safeText(TEXT_MAX.choice, { tooLong: 'validation.stateInvalid', trim: false }).refine(
  isUsState,
  'validation.stateInvalid',
);

/** The turnkey wizard's draft (product.md#data-the-portal-keeps "Wizard draft fields"); any step may be empty while saving. */
export const formationServiceDraftSchema = z.object({
  packageSelected: z.enum(PACKAGE_IDS).nullable().optional(),
  stateType: z.enum(['recommended', 'other']).nullable().optional(),
  stateSelected: state.nullable().optional(),
  businessAddress: z.enum(ADDRESS_OPTIONS).nullable().optional(),
});
export type FormationServiceDraft = z.input<typeof formationServiceDraftSchema>;

/** Per-step rules of the turnkey wizard (product.md#onboarding-and-wizard-rules "Turnkey wizard"). */
export const formationServiceStepRules = {
  1: z.object({ packageSelected: z.enum(PACKAGE_IDS, { error: 'validation.packageRequired' }) }),
  3: z.object({ stateSelected: z.string({ error: 'validation.stateSelectRequired' }).pipe(state) }),
  4: z.object({ businessAddress: z.enum(ADDRESS_OPTIONS, { error: 'validation.addressOptionRequired' }) }),
} as const;

/** Step 5: everything chosen, so the payment link of the package can be opened. */
export const formationServiceCheckoutSchema = z.object({
  packageSelected: z.enum(PACKAGE_IDS, { error: 'validation.packageRequired' }),
  stateSelected: z.string({ error: 'validation.stateSelectRequired' }).pipe(state),
  businessAddress: z.enum(ADDRESS_OPTIONS, { error: 'validation.addressOptionRequired' }),
});

/** Step 4 of the formation guide, which is also the feedback screen (product.md#turnkey-wizard). */
export const guideCompletionSchema = z
  .object({
    isFormationComplete: z.boolean({ error: 'validation.completedChoiceRequired' }),
    // Only a "yes" needs a state, but whatever is sent is still bounded and checked.
    state: safeText(TEXT_MAX.choice, { tooLong: 'validation.stateInvalid', trim: false }).nullable().optional(),
    reason: longText().nullable().optional(),
    difficulties: longText().nullable().optional(),
    issues: longText().nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.isFormationComplete && !isUsState(v.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'validation.stateSelectRequired' });
    }
  });
export type GuideCompletionInput = z.input<typeof guideCompletionSchema>;

/** Bank and address guide feedback (product.md#onboarding-and-wizard-rules): a yes/no choice and non-empty feedback. */
export function tutorialFeedbackSchema(messages: { choice: string; feedback: string }) {
  return z.object({
    completed: z.boolean({ error: messages.choice }),
    feedbackText: safeText(TEXT_MAX.feedback, { error: messages.feedback, tooLong: 'validation.textTooLong' }).min(
      1,
      messages.feedback,
    ),
  });
}
export const bankFeedbackSchema = tutorialFeedbackSchema({
  choice: 'validation.bankChoiceRequired',
  feedback: 'validation.bankFeedbackRequired',
});
export const addressFeedbackSchema = tutorialFeedbackSchema({
  choice: 'validation.addressChoiceRequired',
  feedback: 'validation.addressFeedbackRequired',
});
export type TutorialFeedbackInput = z.input<typeof bankFeedbackSchema>;
