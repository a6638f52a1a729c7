import { BUSINESS_ACTIVITIES, type BusinessActivity } from '../../../../shared/catalogue/packages';
import { US_STATES } from '../../../../shared/catalogue/states';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useTranslation } from '../../../lib/useTranslation';
import { ACTIVITY_KEYS, type FormStepProps } from './stepProps';

/** Step 2: the company's name, e-mail, state and activity. */
export function CompanyStep({ focus, values, errors, set }: FormStepProps) {
  const { t } = useTranslation();
  return (
    <WizardStep title={t('ein.company.title')} description={t('ein.company.intro')} focusOnMount={focus}>
      <TextField
        name="businessName"
        label={t('ein.fields.businessName')}
        hint={t('ein.company.businessNameHint')}
        autoComplete="organization"
        value={values.businessName}
        error={errors.businessName}
        onChange={(e) => set({ businessName: e.target.value })}
      />
      <TextField
        name="email"
        type="email"
        label={t('ein.fields.email')}
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <SelectField
        name="state"
        label={t('ein.fields.state')}
        value={values.state}
        error={errors.state}
        onChange={(e) => set({ state: e.target.value })}
      >
        <option value="">{t('ein.company.statePlaceholder')}</option>
        {US_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <ChoiceGroup legend={t('ein.fields.businessActivity')} name="businessActivity" error={errors.businessActivity}>
        {BUSINESS_ACTIVITIES.map((activity) => (
          <ChoiceCard
            key={activity}
            name="businessActivity"
            value={activity}
            checked={values.businessActivity === activity}
            onChange={(v) => set({ businessActivity: v as BusinessActivity })}
            invalid={Boolean(errors.businessActivity)}
            title={t(`ein.activities.${ACTIVITY_KEYS[activity]}`)}
          />
        ))}
      </ChoiceGroup>
      {values.businessActivity === 'Other' ? (
        <TextField
          name="otherActivity"
          label={t('ein.fields.otherActivity')}
          value={values.otherActivity}
          error={errors.otherActivity}
          onChange={(e) => set({ otherActivity: e.target.value })}
        />
      ) : null}
    </WizardStep>
  );
}
