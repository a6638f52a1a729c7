import { createFormControl, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { onboardingSchema, onboardingStepOneSchema } from '../../src/shared/features/formations/formations.schemas';
import {
  EMPTY,
  type OnboardingValues,
  requestBody,
  stepOfFields,
  stepsFor,
} from '../../src/web/features/formations/onboarding/lib/onboardingFlow';
import { checkWith, errorMessages, schemaErrors } from '../../src/web/lib/wizardForm';

/** A react-hook-form form without React: the methods the wizards use, on their own control. */
function form(values: Partial<OnboardingValues> = {}) {
  const { formControl } = createFormControl<OnboardingValues>({ defaultValues: { ...EMPTY, ...values } });
  const shown = () => errorMessages(formControl.control._formState.errors);
  return { form: formControl as unknown as UseFormReturn<OnboardingValues>, shown };
}

describe('the wizards’ checks through the zod resolver', () => {
  it('give each failing field the schema’s first message, in the schema’s order, or its output', async () => {
    expect(await schemaErrors(onboardingStepOneSchema, { formationType: 'assisted', phoneNumber: ' ' })).toEqual({
      errors: { phoneNumber: 'validation.phoneEnter' },
    });
    const failed = await schemaErrors(onboardingSchema, { formationType: 'x', businessMotivation: '\u0000' });
    expect(Object.entries(failed.errors)).toEqual([
      ['formationType', 'validation.formationTypeRequired'],
      ['businessMotivation', 'validation.invalidCharacters'],
    ]);
    expect(failed.data).toBeUndefined();
    expect(
      (await schemaErrors(onboardingSchema, { formationType: 'assisted', phoneNumber: ' +90 555 123 45 67 ' })).data,
    ).toMatchObject({ formationType: 'assisted', phoneNumber: '+90 555 123 45 67' });
  });

  it('replace the shown errors when a check fails, and leave them when it passes', async () => {
    const { form: f, shown } = form({ formationType: 'assisted' });
    f.setError('businessMotivation', { type: 'server', message: 'validation.textTooLong' });
    expect((await checkWith(f, onboardingStepOneSchema)).failing).toEqual(['phoneNumber']);
    expect(shown()).toEqual({ phoneNumber: 'validation.phoneEnter' });

    const typed = form({ formationType: 'assisted', phoneNumber: '+90 555 123 45 67' });
    typed.form.setError('businessMotivation', { type: 'server', message: 'validation.textTooLong' });
    const passed = await checkWith(typed.form, onboardingStepOneSchema);
    expect(passed).toEqual({ failing: [], data: { formationType: 'assisted', phoneNumber: '+90 555 123 45 67' } });
    // A step's Next never cleared another step's message.
    expect(typed.shown()).toEqual({ businessMotivation: 'validation.textTooLong' });
  });
});

describe('the onboarding flow', () => {
  it('skips the address step for assisted, sends only what the type asks for, and finds a refused field', () => {
    expect(stepsFor('assisted')).toEqual([1, 2, 4]);
    expect(stepsFor('self')).toEqual([1, 2, 3, 4]);
    expect(stepsFor('')).toEqual([1, 2, 3, 4]);
    const answers: OnboardingValues = {
      formationType: 'self',
      phoneNumber: '+90 555',
      businessMotivation: '  ',
      addressPreference: 'private',
    };
    expect(requestBody(answers)).toEqual({
      formationType: 'self',
      phoneNumber: undefined,
      businessMotivation: undefined,
      addressPreference: 'private',
    });
    expect(requestBody({ ...answers, formationType: 'assisted', businessMotivation: ' Etsy ' })).toEqual({
      formationType: 'assisted',
      phoneNumber: '+90 555',
      businessMotivation: 'Etsy',
      addressPreference: undefined,
    });
    expect(stepOfFields(['businessMotivation', 'phoneNumber'])).toBe(1);
    expect(stepOfFields(['addressPreference'])).toBe(2);
  });
});
