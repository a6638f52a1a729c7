import { TextareaField } from '../../../../components/ui/Textarea';
import { WizardStep } from '../../../../components/ui/WizardStep';
import { useTranslation } from '../../../../lib/useTranslation';
import { useOnboardingText } from './useOnboardingField';

/** Step 2: why the company, free text (product.md#onboarding-and-wizard-rules gives it no rule but its length). */
export function PurposeStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const motivation = useOnboardingText('businessMotivation');
  return (
    <WizardStep
      title={t('onboarding.purpose.title')}
      description={t('onboarding.purpose.description')}
      focusOnMount={focus}
    >
      <TextareaField
        rows={5}
        label={t('onboarding.purpose.label')}
        hint={t('onboarding.purpose.hint')}
        placeholder={t('onboarding.purpose.placeholder')}
        maxLength={2000}
        {...motivation}
      />
    </WizardStep>
  );
}
