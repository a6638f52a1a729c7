import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { bankFeedbackSchema } from '../../../../shared/schemas/formation';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Stepper, WizardNav } from '../../../components/ui/Stepper';
import { TextareaField } from '../../../components/ui/Textarea';
import { WizardStep } from '../../../components/ui/WizardStep';
import { isApiError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { type FeedbackEndpoint, sendFeedback } from '../api/feedback';

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
  feedback: {
    label: string;
    title: string;
    description: string;
    question: string;
    yes: string;
    no: string;
    textLabel: string;
    textHint: string;
    submit: string;
    /** bankFeedbackSchema or addressFeedbackSchema: same rules, their own messages. */
    schema: typeof bankFeedbackSchema;
    endpoint: FeedbackEndpoint;
    failedMessage: string;
  };
}

/**
 * The bank and address guides (SPEC §2, 3 steps each): read, then a yes/no answer and feedback.
 * The final button stays disabled until both are given (SPEC §5).
 */
export function GuideWizard({ icon, title, subtitle, stepsLabel, steps, feedback }: GuideWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [moved, setMoved] = useState(false);
  const [completed, setCompleted] = useState<boolean | null>(null);
  const [feedbackText, setFeedbackText] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const labels = [...steps.map((s) => s.label), feedback.label];
  const feedbackIndex = steps.length;
  const isLast = step === feedbackIndex;
  const parsed = feedback.schema.safeParse({ completed: completed ?? undefined, feedbackText });
  const missing = parsed.success ? {} : zodFieldErrors(parsed.error);
  const errors = { ...serverErrors };
  if (touched && missing.feedbackText) errors.feedbackText = missing.feedbackText;

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
      if (isApiError(error)) setServerErrors(error.fields);
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
        <WizardStep title={feedback.title} description={feedback.description} focusOnMount={moved}>
          <ChoiceGroup legend={feedback.question} name="completed" error={serverErrors.completed}>
            <ChoiceCard
              name="completed"
              value="true"
              checked={completed === true}
              onChange={() => setCompleted(true)}
              title={feedback.yes}
            />
            <ChoiceCard
              name="completed"
              value="false"
              checked={completed === false}
              onChange={() => setCompleted(false)}
              title={feedback.no}
            />
          </ChoiceGroup>
          <TextareaField
            name="feedbackText"
            rows={4}
            label={feedback.textLabel}
            hint={feedback.textHint}
            value={feedbackText}
            onChange={(event) => {
              setFeedbackText(event.target.value);
              setServerErrors(({ feedbackText: _removed, ...rest }) => rest);
            }}
            onBlur={() => setTouched(true)}
            error={errors.feedbackText}
            maxLength={5000}
          />
          {!parsed.success ? (
            <ul id="feedback-missing" aria-live="polite" className="space-y-1 text-sm text-slate-600">
              {Object.entries(missing).map(([field, message]) => (
                <li key={field}>• {t(message)}</li>
              ))}
            </ul>
          ) : null}
        </WizardStep>
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
