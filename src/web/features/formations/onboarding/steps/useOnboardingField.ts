import { type Path, type PathValue, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { OnboardingValues } from '../lib/onboardingFlow';

/** A field's value and error; `choose` sets it and takes its error away, as typing in a field does. */
export function useOnboardingField<N extends Path<OnboardingValues>>(name: N) {
  const { control, setValue, clearErrors } = useFormContext<OnboardingValues>();
  const value = useWatch({ control, name });
  const { errors } = useFormState({ control, name });
  const choose = (next: PathValue<OnboardingValues, N>) => {
    setValue(name, next);
    clearErrors(name);
  };
  return { value, choose, error: errors[name]?.message };
}

/** What a text field spreads: react-hook-form's registration, whose change takes the field's error away. */
export function useOnboardingText(name: 'phoneNumber' | 'businessMotivation') {
  const { control, register, clearErrors } = useFormContext<OnboardingValues>();
  const { errors } = useFormState({ control, name });
  return { ...register(name, { onChange: () => clearErrors(name) }), error: errors[name]?.message };
}
