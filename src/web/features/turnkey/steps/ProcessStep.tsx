import { REGISTERED_AGENT_RENEWAL } from '../../../../shared/catalogue/packages';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useFormat } from '../../../lib/format';
import { useTimingFacts } from '../../../lib/timingFacts';
import { useTranslation } from '../../../lib/useTranslation';

/** Step 2: how long each stage takes, from the catalogue's timings. */
export function ProcessStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const timings = useTimingFacts();
  const facts: Fact[] = [
    timings.application(),
    timings.preparation(),
    timings.formation(),
    timings.ein(fmt.einNote()),
    timings.bank(),
    timings.total(false),
    timings.total(true, 'totalWithPayment'),
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
