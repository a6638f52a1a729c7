import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { US_STATES } from '../../../../../shared/catalogue/states';
import { Alert } from '../../../../components/ui/Alert';
import { ChoiceCard, ChoiceGroup } from '../../../../components/ui/ChoiceCard';
import { SelectField } from '../../../../components/ui/Select';
import { TextareaField } from '../../../../components/ui/Textarea';
import { WizardStep } from '../../../../components/ui/WizardStep';
import { useTranslation } from '../../../../lib/useTranslation';
import type { GuideAnswer } from '../lib/guideCompletion';

type TextName = 'state' | 'reason' | 'difficulties' | 'issues';

/**
 * Step 4, the question (product.md#bank-and-address-guides): is the company formed? Yes asks for the state, no for the reason;
 * either may add difficulties and issues. Once answered, the done message instead.
 */
export function CompleteStep({ focus, alreadyDone }: { focus: boolean; alreadyDone: boolean }) {
  const { t } = useTranslation();
  const { control, register, setValue, clearErrors } = useFormContext<GuideAnswer>();
  const complete = useWatch({ control, name: 'isFormationComplete' });
  const { errors } = useFormState({ control });
  // Typing or choosing takes that field's error away; the check runs again on Finish.
  const field = (name: TextName) => ({
    ...register(name, { onChange: () => clearErrors(name) }),
    error: errors[name]?.message,
  });
  const choose = (value: boolean) => {
    setValue('isFormationComplete', value);
    clearErrors('isFormationComplete');
  };
  const choiceError = errors.isFormationComplete?.message;
  return (
    // A new key once answered: the step mounts again and its heading takes focus, which the busy
    // button had while saving and lost when it was disabled.
    <WizardStep key={alreadyDone ? 'done' : 'ask'} title={t('formation.complete.title')} focusOnMount={focus}>
      {alreadyDone ? (
        <Alert tone="success">
          <p className="font-semibold">{t('formation.complete.doneTitle')}</p>
          <p className="mt-1">{t('formation.complete.doneBody')}</p>
          <Link to="/dashboard" className="mt-3 inline-block font-medium text-emerald-900 underline">
            {t('formation.complete.doneLink')}
          </Link>
        </Alert>
      ) : (
        <>
          <ChoiceGroup legend={t('formation.complete.question')} name="isFormationComplete" error={choiceError}>
            <ChoiceCard
              name="isFormationComplete"
              value="true"
              checked={complete === true}
              onChange={() => choose(true)}
              invalid={Boolean(choiceError)}
              title={t('formation.complete.yes')}
            />
            <ChoiceCard
              name="isFormationComplete"
              value="false"
              checked={complete === false}
              onChange={() => choose(false)}
              invalid={Boolean(choiceError)}
              title={t('formation.complete.no')}
            />
          </ChoiceGroup>
          {complete === true ? (
            <SelectField label={t('formation.complete.state')} {...field('state')}>
              <option value="">{t('formation.complete.statePlaceholder')}</option>
              {US_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
          ) : null}
          {complete === false ? (
            <TextareaField rows={4} label={t('formation.complete.reason')} maxLength={2000} {...field('reason')} />
          ) : null}
          {complete !== null ? (
            <>
              <TextareaField
                rows={3}
                label={t('formation.complete.difficulties')}
                hint={t('formation.complete.optional')}
                maxLength={2000}
                {...field('difficulties')}
              />
              <TextareaField
                rows={3}
                label={t('formation.complete.issues')}
                hint={t('formation.complete.optional')}
                maxLength={2000}
                {...field('issues')}
              />
            </>
          ) : null}
        </>
      )}
    </WizardStep>
  );
}
