import { BookOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { guideCompletionSchema } from '../../../../shared/features/formations/formations.schemas';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { api, isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useFocusField } from '../../../lib/focusField';
import { formationChanged, useMyFormation } from '../../../lib/formation';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { checkWith, replaceErrors, useOneAtATime } from '../../../lib/wizardForm';
import { completionBody, type GuideAnswer, NO_ANSWER } from '../guide/lib/guideCompletion';
import { CompleteStep } from '../guide/steps/CompleteStep';
import { NextStepEin, OverviewStep, StepByStep } from '../guide/steps/GuideSteps';

const STEP_KEYS = ['overview', 'stepByStep', 'nextStep', 'complete'] as const;

/** product.md#formation-guide "Formation guide (4 steps)": how to form the company yourself, then whether it is done. */
export function FormationGuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formation = useMyFormation();
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  const form = useForm<GuideAnswer>({ defaultValues: NO_ANSWER });
  const complete = useWatch({ control: form.control, name: 'isFormationComplete' });
  const [saving, setSaving] = useState(false);
  const focusField = useFocusField();
  const oneAtATime = useOneAtATime();

  useEffect(() => {
    if (formation.data === null) {
      navigate('/onboarding', { replace: true });
    } else if (formation.isError) {
      toast.error(t('formation.loadFailed'), { id: 'formation-load-failed' });
      navigate('/dashboard', { replace: true });
    }
  }, [formation.data, formation.isError, navigate, t]);

  const record = formation.data?.formation;
  // Past preparation: the guide's question is already answered (product.md#formation-states).
  const alreadyDone = Boolean(record && record.formationStatus !== 'preparation');
  const isLast = step === STEP_KEYS.length - 1;

  function go(to: number) {
    setMoved(true);
    setStep(to);
  }

  async function finish() {
    if (alreadyDone) {
      navigate('/dashboard');
      return;
    }
    const body = completionBody(form.getValues());
    const { failing, data } = await checkWith(form, guideCompletionSchema, body);
    if (!data) {
      focusField(failing[0]);
      return;
    }
    setSaving(true);
    try {
      await api('POST', '/api/formations/me/guide-completion', data);
      await formationChanged();
      toast.success(t('formation.toast.thanks'));
      // product.md#formation-states: a "yes" is then shown the completed step (the refetched record is past preparation, so
      // this step now shows its done message); a "no" has nothing more to show here.
      if (!body.isFormationComplete) navigate('/dashboard');
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        focusField(replaceErrors(form, error.fields)[0]);
      }
      if (isApiError(error, 'INVALID_TRANSITION')) {
        toast.error(errorMessage(error, 'formation.toast.updateFailed', t));
        await formationChanged();
      } else {
        toast.error(t(body.isFormationComplete ? 'formation.toast.updateFailed' : 'formation.toast.feedbackFailed'));
      }
    } finally {
      setSaving(false);
    }
  }

  const nextLabel = !isLast
    ? undefined
    : alreadyDone || complete === false
      ? t('common.backToDashboard')
      : t('formation.finish');

  return (
    <PageWrapper icon={BookOpen} title={t('formation.title')} subtitle={t('formation.subtitle')}>
      {!record ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
          <Spinner className="size-6 text-indigo-600" />
          {t('common.loading')}
        </div>
      ) : (
        <>
          <Stepper
            steps={STEP_KEYS.map((key) => t(`formation.steps.${key}`))}
            current={step}
            label={t('formation.steps.label')}
          />
          {step === 0 ? <OverviewStep focus={moved} /> : null}
          {step === 1 ? <StepByStep focus={moved} /> : null}
          {step === 2 ? <NextStepEin focus={moved} /> : null}
          {step === 3 ? (
            <FormProvider {...form}>
              <CompleteStep focus={moved} alreadyDone={alreadyDone} />
            </FormProvider>
          ) : null}
          <WizardNav
            isFirst={step === 0}
            onBack={() => go(step - 1)}
            onNext={() => (isLast ? void oneAtATime(finish) : go(step + 1))}
            nextLabel={nextLabel}
            loading={saving}
          />
        </>
      )}
    </PageWrapper>
  );
}
