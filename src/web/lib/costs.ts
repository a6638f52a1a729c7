import type { LucideIcon } from 'lucide-react';
import { stateCosts } from '../../shared/catalogue/costs';
import { type FeaturedState, STATE_FEES_CHECKED_ON } from '../../shared/catalogue/states';
import { formatCalendarDateLong } from '../../shared/format/dates';
import type { Fact } from '../components/ui/FactList';
import { useFormat } from './format';
import { useTranslation } from './useTranslation';

/**
 * A state's first-year and yearly cost as facts, each total shown with the catalogue parts it sums
 * (decision 0033: a total typed apart from its parts drifted from them), and the day the fees were checked.
 */
export function useStateCostFacts(state: FeaturedState, icon?: LucideIcon): { facts: Fact[]; checkedOn: string } {
  const { t } = useTranslation();
  const fmt = useFormat();
  const costs = stateCosts(state);
  return {
    facts: [
      {
        id: 'firstYear',
        icon,
        label: t('catalogue.costs.firstYearLabel', { state: state.name }),
        value: fmt.usd(costs.firstYear.total),
        note: t('catalogue.costs.firstYearParts', {
          filing: fmt.usd(costs.firstYear.filingFee),
          agent: fmt.usd(costs.firstYear.registeredAgent),
        }),
      },
      {
        id: 'yearly',
        icon,
        label: t('catalogue.costs.yearlyLabel', { state: state.name }),
        value: fmt.perYear(costs.yearly.total),
        note: t('catalogue.costs.yearlyParts', {
          annual: fmt.usd(costs.yearly.annualFee),
          annualName: t(`catalogue.costs.${state.annualFeeKind}`),
          agent: fmt.usd(costs.yearly.registeredAgent),
        }),
      },
    ],
    checkedOn: t('catalogue.stateFees.checkedOn', { date: formatCalendarDateLong(STATE_FEES_CHECKED_ON, fmt.lang) }),
  };
}
