import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { WizardStep } from '../../../components/ui/WizardStep';
import { isApiError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { replaceErrors } from '../../../lib/wizardForm';
import { sendFeedback } from '../api/feedback';
import { type FeedbackAnswer, FeedbackStep, type GuideFeedback } from './FeedbackStep';

export interface GuideStep {
  key: string;
  label: string;
  title: string;
  description?: string;
  content: ReactNode;
}

export interface GuideWizardProps {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  stepsLabel: string;
  /** The steps before the feedback step. */
  steps: GuideStep[];
  feedback: GuideFeedback;
}

/**
 * The bank and address guides (product.md#formation-guide, 3 steps each): read, then a yes/no answer and feedback.
 * The final button stays disabled until both are given (product.md#onboarding-and-wizard-rules).
 */
export function GuideWizard({ icon, title, subtitle, stepsLabel, steps, feedback }: GuideWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  // The answer, and the API's refusals as the form's errors; the schema is checked live, below.
  const form = useForm<FeedbackAnswer>({ defaultValues: { completed: null, feedbackText: '' } });
  const { completed, feedbackText } = useWatch({ control: form.control }) as FeedbackAnswer;
  const [sending, setSending] = useState(false);

  const labels = [...steps.map((s) => s.label), feedback.label];
  const feedbackIndex = steps.length;
  const isLast = step === feedbackIndex;
  const parsed = feedback.schema.safeParse({ completed: completed ?? undefined, feedbackText });
  const missing = parsed.success ? {} : zodFieldErrors(parsed.error);

  function go(to: number) {
    setMoved(true);
    setStep(to);
  }

  async function submit() {
    if (!parsed.success) return;
    setSending(true);
    try {
      await sendFeedback(feedback.endpoint, parsed.data);
      toast.success(t('guides.thanks'));
      navigate('/dashboard');
    } catch (error) {
      if (isApiError(error, 'UNAUTHENTICATED')) {
        toast.error(t('common.signInRequired'));
        navigate('/signin', { replace: true });
        return;
      }
      if (isApiError(error)) replaceErrors(form, error.fields);
      toast.error(feedback.failedMessage);
    } finally {
      setSending(false);
    }
  }

  const current = steps[step];
  return (
    <PageWrapper icon={icon} title={title} subtitle={subtitle}>
      <Stepper steps={labels} current={step} label={stepsLabel} />
      {current ? (
        <WizardStep key={current.key} title={current.title} description={current.description} focusOnMount={moved}>
          {current.content}
        </WizardStep>
      ) : (
        <FeedbackStep focus={moved} form={form} feedback={feedback} missing={missing} />
      )}
      <WizardNav
        isFirst={step === 0}
        onBack={() => go(step - 1)}
        onNext={() => (isLast ? void submit() : go(step + 1))}
        nextLabel={isLast ? feedback.submit : undefined}
        nextDisabled={isLast && !parsed.success}
        loading={sending}
      />
    </PageWrapper>
  );
}
