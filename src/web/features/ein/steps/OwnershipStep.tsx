import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useTranslation } from '../../../lib/useTranslation';
import type { FormStepProps } from './stepProps';

/** Step 3: the responsible party, and the SSN unless they have none. */
export function OwnershipStep({ focus, values, errors, set }: FormStepProps) {
  const { t } = useTranslation();
  return (
    <WizardStep title={t('ein.ownership.title')} description={t('ein.ownership.intro')} focusOnMount={focus}>
      <TextField
        name="responsiblePartyName"
        label={t('ein.fields.responsiblePartyName')}
        autoComplete="name"
        value={values.responsiblePartyName}
        error={errors.responsiblePartyName}
        onChange={(e) => set({ responsiblePartyName: e.target.value })}
      />
      <TextField
        name="responsiblePartyPhone"
        type="tel"
        label={t('ein.fields.responsiblePartyPhone')}
        hint={t('ein.ownership.phoneHint')}
        autoComplete="tel"
        inputMode="tel"
        value={values.responsiblePartyPhone}
        error={errors.responsiblePartyPhone}
        onChange={(e) => set({ responsiblePartyPhone: e.target.value })}
      />
      <div>
        <Checkbox
          name="noSsn"
          label={t('ein.fields.noSsn')}
          checked={values.noSsn}
          error={errors.noSsn}
          onChange={(e) => set({ noSsn: e.target.checked })}
        />
        <p className="mt-1 pl-8 text-sm text-slate-600">{t('ein.ownership.noSsnHint')}</p>
      </div>
      {values.noSsn ? null : (
        <TextField
          name="responsiblePartySsn"
          label={t('ein.fields.responsiblePartySsn')}
          hint={t('ein.ownership.ssnHint')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          placeholder="123-45-6789"
          value={values.responsiblePartySsn}
          error={errors.responsiblePartySsn}
          onChange={(e) => set({ responsiblePartySsn: e.target.value })}
        />
      )}
    </WizardStep>
  );
}
