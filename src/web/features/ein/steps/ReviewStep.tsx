import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { EIN_APPLICATION_FILES } from '../../../../shared/features/ein/ein.schemas';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { linkClass } from '../../../components/ui/TextLink';
import { WizardStep } from '../../../components/ui/WizardStep';
import { formatFileSize } from '../../../lib/files';
import { Trans, useTranslation } from '../../../lib/useTranslation';
import { EIN_STEPS, type EinFiles, maskedSsn } from '../lib/application';
import { ACTIVITY_KEYS, type FormStepProps } from './stepProps';

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

/** Step 5: everything once more, each part with its way back, and the terms. */
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
