import type { Language } from '../i18n/languages';
import { texasNoTaxDueThreshold } from './compliance';
import { formatBasisPoints, formatUsd } from './money';

/**
 * The values the rules' texts interpolate (`compliance.rules.<id>.what` / `.penalty`): the amount, the
 * fixed penalty and the monthly interest, formatted for `lang` from the rule itself, never typed in; for
 * the Texas franchise tax report also the no-tax-due threshold of the report's year.
 */
export function ruleTextVars(
  item: {
    ruleId?: string;
    dueDate?: string;
    amountCents: number | null;
    penalty: { amountCents: number | null; monthlyRateBasisPoints: number | null } | null;
  },
  lang: Language,
): Record<string, string> {
  const rate = item.penalty?.monthlyRateBasisPoints;
  return {
    amount: item.amountCents !== null ? formatUsd(item.amountCents, lang) : '',
    penaltyAmount:
      item.penalty?.amountCents !== null && item.penalty?.amountCents !== undefined
        ? formatUsd(item.penalty.amountCents, lang)
        : '',
    rate: rate !== null && rate !== undefined ? formatBasisPoints(rate, lang) : '',
    threshold:
      item.ruleId === 'texas_franchise_tax_report' && item.dueDate
        ? formatUsd(texasNoTaxDueThreshold(Number(item.dueDate.slice(0, 4))), lang)
        : '',
  };
}
