import { Building2, Clock, FileText, Landmark, Timer } from 'lucide-react';
import { REGISTERED_AGENT_RENEWAL } from '../../../../shared/catalogue/packages';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/** Step 2: how long each stage takes, from the catalogue's timings. */
export function ProcessStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const facts: Fact[] = [
    {
      id: 'application',
      icon: Timer,
      label: t('catalogue.timing.labels.application'),
      value: fmt.timing('application'),
    },
    {
      id: 'preparation',
      icon: FileText,
      label: t('catalogue.timing.labels.preparation'),
      value: fmt.timing('preparation'),
    },
    {
      id: 'formation',
      icon: Building2,
      label: t('catalogue.timing.labels.formation'),
      value: fmt.timing('formation'),
      note: t('catalogue.timing.wyomingNote', { duration: fmt.timing('formationWyoming') }),
    },
    {
      id: 'ein',
      icon: FileText,
      label: t('catalogue.timing.labels.ein'),
      value: fmt.timing('ein'),
      note: fmt.einNote(),
    },
    {
      id: 'bank',
      icon: Landmark,
      label: t('catalogue.timing.labels.bankAccount'),
      value: fmt.timing('bankAccount'),
    },
    { id: 'total', icon: Clock, label: t('catalogue.timing.labels.total'), value: fmt.timing('totalProcess') },
    {
      id: 'totalWithPayment',
      icon: Clock,
      label: t('catalogue.timing.labels.totalWithPayment'),
      value: fmt.timing('totalProcessWithPayment'),
    },
  ];
  return (
    <WizardStep
      title={t('formationService.process.title')}
      description={t('formationService.process.intro')}
      focusOnMount={focus}
    >
      <FactList facts={facts} />
      <p className="text-sm text-slate-600">
        {t('formationService.process.agentNote', { amount: fmt.perYear(REGISTERED_AGENT_RENEWAL) })}
      </p>
    </WizardStep>
  );
}
