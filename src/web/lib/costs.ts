import type { LucideIcon } from 'lucide-react';
import { stateCosts } from '../../shared/catalogue/costs';
import { type FeaturedState, stateFeesLabel } from '../../shared/catalogue/states';
import { formatCalendarDateLong } from '../../shared/format/dates';
import type { Language } from '../../shared/i18n/languages';
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
    checkedOn: stateFeesCheckedText(t, fmt.lang, [state]),
  };
}

/**
 * The label beside state fees (decision 0073): "checked against …" only when every fee shown was
 * confirmed by an official text, else "reviewed on …; the official page has the amount in force".
 */
export function stateFeesCheckedText(
  t: (key: string, vars?: Record<string, string>) => string,
  lang: Language,
  states: readonly FeaturedState[],
): string {
  const label = stateFeesLabel(states);
  const date = formatCalendarDateLong(label.date ?? '', lang);
  return label.kind === 'official'
    ? t('catalogue.stateFees.checkedAgainst', { source: label.source ?? '', date })
    : t('catalogue.stateFees.checkedOn', { date });
}
