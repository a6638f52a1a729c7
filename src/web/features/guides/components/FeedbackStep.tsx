import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import type { bankFeedbackSchema } from '../../../../shared/features/formations/formations.schemas';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { TextareaField } from '../../../components/ui/Textarea';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useTranslation } from '../../../lib/useTranslation';
import type { FeedbackEndpoint } from '../api/feedback';

/** A guide's feedback step: its texts, its schema and where it is sent. */
export interface GuideFeedback {
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
}

export interface FeedbackAnswer {
  completed: boolean | null;
  feedbackText: string;
}

/**
 * A guide's last step: did it work, and a few words. What is still missing is listed as the user
 * goes (`missing`, the schema's live check); the text's own message shows once it has been left,
 * the API's refusals until the field is changed.
 */
export function FeedbackStep({
  focus,
  form,
  feedback,
  missing,
}: {
  focus: boolean;
  form: UseFormReturn<FeedbackAnswer>;
  feedback: GuideFeedback;
  missing: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { control, register, setValue, clearErrors } = form;
  const completed = useWatch({ control, name: 'completed' });
  const { errors, touchedFields } = useFormState({ control });
  const textError = (touchedFields.feedbackText && missing.feedbackText) || errors.feedbackText?.message;
  return (
    <WizardStep title={feedback.title} description={feedback.description} focusOnMount={focus}>
      <ChoiceGroup legend={feedback.question} name="completed" error={errors.completed?.message}>
        <ChoiceCard
          name="completed"
          value="true"
          checked={completed === true}
          onChange={() => setValue('completed', true)}
          title={feedback.yes}
        />
        <ChoiceCard
          name="completed"
          value="false"
          checked={completed === false}
          onChange={() => setValue('completed', false)}
          title={feedback.no}
        />
      </ChoiceGroup>
      <TextareaField
        rows={4}
        label={feedback.textLabel}
        hint={feedback.textHint}
        maxLength={5000}
        error={textError || undefined}
        {...register('feedbackText', { onChange: () => clearErrors('feedbackText') })}
      />
      {Object.keys(missing).length > 0 ? (
        <ul id="feedback-missing" aria-live="polite" className="space-y-1 text-sm text-slate-600">
          {Object.entries(missing).map(([field, message]) => (
            <li key={field}>• {t(message)}</li>
          ))}
        </ul>
      ) : null}
    </WizardStep>
  );
}
