import type { Language } from '../i18n/languages';
import type { IsoDate } from './compliance';
import { formatUsd } from './money';

const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-US' };

/**
 * A calendar date as words ("1 Mart 2027", "March 1, 2027"). Read in UTC: a 'YYYY-MM-DD' parsed by Date
 * is UTC midnight, which a browser west of Greenwich would otherwise show as the day before.
 */
export function formatCalendarDate(date: IsoDate, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

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
