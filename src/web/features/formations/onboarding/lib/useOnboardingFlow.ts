import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, api, isApiError } from '../../../../lib/api';
import { useFocusField } from '../../../../lib/focusField';
import { formationCreated } from '../../../../lib/formation';
import { toast } from '../../../../lib/toast';
import { useTranslation } from '../../../../lib/useTranslation';
import { checkWith, replaceErrors, useOneAtATime } from '../../../../lib/wizardForm';
import {
  CHECKS,
  EMPTY,
  type OnboardingValues,
  requestBody,
  type Step,
  stepOfFields,
  stepsFor,
  TYPE_REQUIRED,
} from './onboardingFlow';

/**
 * The onboarding flow's state: the answers (a react-hook-form form the steps read through its
 * context), the step shown, the checks on Next and the request at the end.
 */
export function useOnboardingFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<OnboardingValues>({ defaultValues: EMPTY });
  const formationType = useWatch({ control: form.control, name: 'formationType' });
  const [step, setStep] = useState<Step>(1);
  // Set once the user moves between steps: from then on each step's heading takes focus.
  const [moved, setMoved] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const focusField = useFocusField();
  const oneAtATime = useOneAtATime();

  const steps = stepsFor(formationType);
  const index = steps.indexOf(step);

  function go(to: Step) {
    setMoved(true);
    setStep(to);
  }

  async function checkStepOne(): Promise<boolean> {
    const failing = form.getValues('formationType')
      ? (await checkWith(form, CHECKS.stepOne)).failing
      : replaceErrors(form, TYPE_REQUIRED);
    if (failing.length === 0) return true;
    focusField(failing[0]);
    return false;
  }

  async function submit() {
    const body = requestBody(form.getValues());
    const { failing } = await checkWith(form, CHECKS.request, body);
    if (failing.length > 0) {
      go(1);
      focusField(failing[0]);
      return;
    }
    setSubmitting(true);
    try {
      await api('POST', '/api/formations', body);
      formationCreated();
      toast.success(t('onboarding.toast.started'));
      navigate(body.formationType === 'assisted' ? '/formation-service' : '/dashboard', { replace: true });
    } catch (error) {
      if (isApiError(error, 'FORMATION_EXISTS')) {
        formationCreated();
        toast.success(t('onboarding.toast.welcomeBack'));
        navigate('/dashboard', { replace: true });
        return;
      }
      if (isApiError(error, 'UNAUTHENTICATED')) {
        toast.error(t('common.signInRequired'), { id: 'sign-in-required' });
        navigate('/signin', { replace: true });
        return;
      }
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const fields = replaceErrors(form, error.fields);
        go(stepOfFields(fields));
        focusField(fields[0]);
      }
      // No answer: nothing was started. The API's own refusal: the record was not created. Anything else
      // (a proxy's error page, a failure in the page) is the generic message (decision 0035).
      toast.error(
        error instanceof ApiError && error.status === 0
          ? t('onboarding.toast.startFailed')
          : error instanceof ApiError && error.fromApi
            ? t('onboarding.toast.createFailed')
            : t('onboarding.toast.unexpected'),
      );
    } finally {
      setSubmitting(false);
    }
  }

  const next = () =>
    oneAtATime(async () => {
      if (step === 1) {
        if (await checkStepOne()) go(2);
      } else if (index < steps.length - 1) {
        go(steps[index + 1]);
      } else {
        await submit();
      }
    });

  function back() {
    if (index > 0) go(steps[index - 1]);
  }

  return { form, step, steps, index, moved, submitting, next, back, isAssisted: formationType === 'assisted' };
}
