import { formatUsd } from '../../shared/catalogue/money';
import { TIMINGS, type TimingKey } from '../../shared/catalogue/timings';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonthYear,
  type Instant,
} from '../../shared/format/dates';
import { DEFAULT_LANGUAGE, toLanguage } from '../../shared/i18n/languages';
import { durationText } from './duration';
import { useTranslation } from './useTranslation';

/** Money, timings and dates in the current UI language; re-renders when the language changes. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const timing = (key: TimingKey) => durationText(t, TIMINGS[key]);
  return {
    lang,
    usd: (cents: number) => formatUsd(cents, lang),
    perYear: (cents: number) => t('catalogue.perYear', { amount: formatUsd(cents, lang) }),
    /** A stated timing of product.md#timings, e.g. "2-10 iş günü" / "2-10 business days". */
    timing,
    /** How the SS-4 travels and why the EIN wait is what it is, beside every statement of that wait. */
    einNote: () => t('catalogue.timing.einNote', { fax: timing('einFax'), duration: timing('ein') }),
    /** A moment (an ISO date-time), in the reader's time zone. Refuses a 'YYYY-MM-DD' (decision 0076). */
    date: (value: Instant) => formatDate(value, lang),
    dateTime: (value: Instant) => formatDateTime(value, lang),
    /** A calendar date ('YYYY-MM-DD': a due date, a period end), the same day in every time zone. */
    day: (value: string) => formatCalendarDate(value, lang),
    /** A calendar date without its year ("23 Kas", "Nov 23"), for a chart's weeks. */
    dayMonth: (value: string) => formatDayMonth(value, lang),
    /** A month 'YYYY-MM' in words ("Kasım 2026", "November 2026"). */
    monthYear: (value: string) => formatMonthYear(value, lang),
  };
}
