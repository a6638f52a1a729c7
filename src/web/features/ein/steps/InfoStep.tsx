import { BadgeDollarSign, CircleCheck, Clock } from 'lucide-react';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/** Step 1: what the application takes and how it goes. */
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
