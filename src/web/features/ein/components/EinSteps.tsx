import { BadgeDollarSign, CircleCheck, Clock, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { BUSINESS_ACTIVITIES, type BusinessActivity } from '../../../../shared/catalogue/packages';
import { US_STATES } from '../../../../shared/catalogue/states';
import { EIN_APPLICATION_FILES } from '../../../../shared/schemas/ein';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { ChoiceCard, ChoiceGroup } from '../../../components/ui/ChoiceCard';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { FileField } from '../../../components/ui/FileField';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { linkClass } from '../../../components/ui/TextLink';
import { WizardStep } from '../../../components/ui/WizardStep';
import { formatFileSize } from '../../../lib/files';
import { useFormat } from '../../../lib/format';
import { Trans, useTranslation } from '../../../lib/useTranslation';
import { EIN_STEPS, type EinFileField, type EinFiles, type EinValues, maskedSsn } from '../lib/application';

/** i18n keys of the activities: the API values are English words with spaces. */
export const ACTIVITY_KEYS: Record<BusinessActivity, string> = {
  Ecommerce: 'ecommerce',
  'Digital Marketing': 'digitalMarketing',
  'Software Development': 'softwareDevelopment',
  Other: 'other',
};

/** The messages of SPEC §5 "EIN wizard → Files" for the early check. */
const FILE_MESSAGES = { tooLarge: 'errors.FILE_TOO_LARGE', wrongType: 'errors.UNSUPPORTED_FILE_TYPE' } as const;

const FILE_KINDS = ['pdf', 'jpeg', 'png'] as const;

type Errors = Record<string, string>;
type SetValues = (patch: Partial<EinValues>) => void;

/** What every form step receives from the wizard page. */
interface FormStepProps {
  focus: boolean;
  values: EinValues;
  errors: Errors;
  set: SetValues;
}

export function InfoStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const facts: Fact[] = [
    { id: 'duration', icon: Clock, label: t('ein.info.duration'), value: fmt.timing('ein'), note: fmt.einNote() },
    {
      id: 'cost',
      icon: BadgeDollarSign,
      label: t('ein.info.cost'),
      value: t('ein.info.free'),
      note: t('ein.info.freeNote'),
    },
  ];
  const needs = ['articles', 'invoice', 'responsible', 'ssn'] as const;
  const how = ['apply', 'prepare', 'sign', 'submit', 'issued'] as const;
  return (
    <WizardStep title={t('ein.info.title')} description={t('ein.info.intro')} focusOnMount={focus}>
      <FactList facts={facts} />
      <div>
        <h3 className="font-semibold text-slate-900">{t('ein.info.needsTitle')}</h3>
        <ul className="mt-3 space-y-2">
          {needs.map((key) => (
            <li key={key} className="flex items-start gap-2 text-slate-700">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
              {t(`ein.info.needs.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('ein.info.howTitle')}</h3>
        <ol className="mt-3 space-y-2">
          {how.map((key, index) => (
            <li key={key} className="flex items-start gap-3 text-slate-700">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">
                {index + 1}
              </span>
              {t(`ein.info.how.${key}`)}
            </li>
          ))}
        </ol>
      </div>
    </WizardStep>
  );
}

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

export function DocumentsStep({
  focus,
  files,
  errors,
  setFile,
}: {
  focus: boolean;
  files: EinFiles;
  errors: Errors;
  setFile: (field: EinFileField, file: File | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <WizardStep title={t('ein.documents.title')} description={t('ein.documents.intro')} focusOnMount={focus}>
      {EIN_APPLICATION_FILES.map((field) => (
        <FileField
          key={field}
          name={field}
          label={t(`ein.fields.${field}`)}
          hint={t(`ein.documents.${field}Hint`)}
          kinds={FILE_KINDS}
          file={files[field]}
          onChange={(file) => setFile(field, file)}
          error={errors[field]}
          messages={FILE_MESSAGES}
        />
      ))}
    </WizardStep>
  );
}

function ReviewSection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section>
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('ein.review.editSection', { section: title })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('ein.review.edit')}
        </Button>
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export function ReviewStep({
  focus,
  values,
  files,
  errors,
  set,
  goTo,
}: FormStepProps & { files: EinFiles; goTo: (step: number) => void }) {
  const { t, i18n } = useTranslation();
  const none = t('ein.review.none');
  const activity = values.businessActivity ? t(`ein.activities.${ACTIVITY_KEYS[values.businessActivity]}`) : none;
  const company: Fact[] = [
    { id: 'businessName', label: t('ein.fields.businessName'), value: values.businessName.trim() || none },
    { id: 'email', label: t('ein.fields.email'), value: values.email.trim() || none },
    { id: 'state', label: t('ein.fields.state'), value: values.state || none },
    {
      id: 'businessActivity',
      label: t('ein.fields.businessActivity'),
      value: values.businessActivity === 'Other' ? `${activity}: ${values.otherActivity.trim()}` : activity,
    },
  ];
  const ownership: Fact[] = [
    {
      id: 'responsiblePartyName',
      label: t('ein.fields.responsiblePartyName'),
      value: values.responsiblePartyName.trim() || none,
    },
    {
      id: 'responsiblePartyPhone',
      label: t('ein.fields.responsiblePartyPhone'),
      value: values.responsiblePartyPhone.trim() || none,
    },
    {
      id: 'responsiblePartySsn',
      label: t('ein.review.ssn'),
      value: values.noSsn ? t('ein.review.noSsn') : (maskedSsn(values.responsiblePartySsn) ?? none),
    },
  ];
  const documents: Fact[] = EIN_APPLICATION_FILES.map((field) => {
    const file = files[field];
    return {
      id: field,
      label: t(`ein.fields.${field}`),
      value: file ? <span className="break-all">{file.name}</span> : none,
      note: file ? formatFileSize(file.size, i18n.language) : undefined,
    };
  });
  const step = (key: (typeof EIN_STEPS)[number]) => EIN_STEPS.indexOf(key);
  return (
    <WizardStep title={t('ein.review.title')} description={t('ein.review.intro')} focusOnMount={focus}>
      <ReviewSection title={t('ein.steps.company')} onEdit={() => goTo(step('company'))}>
        <FactList facts={company} />
      </ReviewSection>
      <ReviewSection title={t('ein.steps.ownership')} onEdit={() => goTo(step('ownership'))}>
        <FactList facts={ownership} />
      </ReviewSection>
      <ReviewSection title={t('ein.steps.documents')} onEdit={() => goTo(step('documents'))}>
        <FactList facts={documents} />
      </ReviewSection>
      <Checkbox
        name="terms"
        checked={values.terms}
        error={errors.terms}
        onChange={(e) => set({ terms: e.target.checked })}
        label={
          <Trans
            i18nKey="ein.review.terms"
            components={{
              // A new tab: leaving the wizard here would lose the chosen files.
              terms: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the text inside
                <a href="/terms" target="_blank" rel="noopener noreferrer" className={`${linkClass} underline`} />
              ),
            }}
          />
        }
      />
    </WizardStep>
  );
}
