import { Banknote, Building2, Clock, FileText, Landmark, Timer, Wallet } from 'lucide-react';
import { ADDRESS_PRICES, ASSISTED_PRICE, REGISTERED_AGENT_RENEWAL } from '../../../../shared/catalogue/packages';
import { WYOMING } from '../../../../shared/catalogue/states';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { WizardStep } from '../../../components/ui/WizardStep';
import { useStateCostFacts } from '../../../lib/costs';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { useOnboardingField } from './useOnboardingField';

/** Step 4: how the process goes and what it costs, for the type chosen. */
export function OverviewStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isAssisted = useOnboardingField('formationType').value === 'assisted';
  const addressPreference = useOnboardingField('addressPreference').value;
  const wyomingCosts = useStateCostFacts(WYOMING, Wallet);
  const facts: Fact[] = [
    {
      id: 'application',
      icon: Timer,
      label: t('catalogue.timing.labels.application'),
      value: fmt.timing('application'),
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
      note: isAssisted ? fmt.einNote() : `${t('onboarding.overview.einFree')} ${fmt.einNote()}`,
    },
    {
      id: 'bank',
      icon: Landmark,
      label: t('catalogue.timing.labels.bankAccount'),
      value: fmt.timing('bankAccount'),
    },
    {
      id: 'total',
      icon: Clock,
      label: t(isAssisted ? 'catalogue.timing.labels.totalWithPayment' : 'catalogue.timing.labels.total'),
      value: fmt.timing(isAssisted ? 'totalProcessWithPayment' : 'totalProcess'),
    },
    ...(isAssisted
      ? [{ id: 'price', icon: Wallet, label: t('onboarding.overview.assistedPrice'), value: fmt.usd(ASSISTED_PRICE) }]
      : wyomingCosts.facts),
  ];
  if (isAssisted) {
    facts.push({
      id: 'agent',
      icon: Banknote,
      label: t('catalogue.registeredAgentRenewal'),
      value: fmt.perYear(REGISTERED_AGENT_RENEWAL),
    });
  } else {
    facts.push({
      id: 'address',
      icon: Building2,
      label: t('onboarding.overview.address'),
      value:
        addressPreference === 'private'
          ? `${t('onboarding.address.private.title')} · ${fmt.perYear(ADDRESS_PRICES.private_address)}`
          : `${t('onboarding.address.shared.title')} · ${t('catalogue.free')}`,
    });
  }
  return (
    <WizardStep
      title={t('onboarding.overview.title')}
      description={t(isAssisted ? 'onboarding.overview.assistedIntro' : 'onboarding.overview.selfIntro')}
      focusOnMount={focus}
    >
      <FactList facts={facts} />
      {isAssisted ? null : <p className="text-xs text-slate-500">{wyomingCosts.checkedOn}</p>}
      <p className="rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900">
        {t(isAssisted ? 'onboarding.overview.assistedNext' : 'onboarding.overview.selfNext')}
      </p>
    </WizardStep>
  );
}
