import { Banknote, Building2, Wallet } from 'lucide-react';
import { ADDRESS_PRICES, ASSISTED_PRICE, REGISTERED_AGENT_RENEWAL } from '../../../../../shared/catalogue/packages';
import { WYOMING } from '../../../../../shared/catalogue/states';
import { type Fact, FactList } from '../../../../components/ui/FactList';
import { WizardStep } from '../../../../components/ui/WizardStep';
import { useStateCostFacts } from '../../../../lib/costs';
import { useFormat } from '../../../../lib/format';
import { useTimingFacts } from '../../../../lib/timingFacts';
import { useTranslation } from '../../../../lib/useTranslation';
import { useOnboardingField } from './useOnboardingField';

/** Step 4: how the process goes and what it costs, for the type chosen. */
export function OverviewStep({ focus }: { focus: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isAssisted = useOnboardingField('formationType').value === 'assisted';
  const addressPreference = useOnboardingField('addressPreference').value;
  const wyomingCosts = useStateCostFacts(WYOMING, Wallet);
  const timings = useTimingFacts();
  const facts: Fact[] = [
    timings.application(),
    timings.formation(),
    timings.ein(isAssisted ? fmt.einNote() : `${t('onboarding.overview.einFree')} ${fmt.einNote()}`),
    timings.bank(),
    timings.total(isAssisted),
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
