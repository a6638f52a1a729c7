import type { Language } from '../i18n/languages';
import { LOCALES } from './calendar-date';
import { formatUsd } from './money';

export { formatCalendarDate } from './calendar-date';

/**
 * The values the rules' texts interpolate (`compliance.rules.<id>.what` / `.penalty`): the amount, the
 * fixed penalty and the monthly interest, formatted for `lang` from the rule itself, never typed in.
 */
export function ruleTextVars(
  item: {
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
    rate:
      rate !== null && rate !== undefined
        ? new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(rate / 10_000)
        : '',
  };
}
