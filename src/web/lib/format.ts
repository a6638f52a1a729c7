import { formatUsd } from '../../shared/catalogue/money';
import { TIMINGS, type TimingKey } from '../../shared/catalogue/timings';
import { DEFAULT_LANGUAGE, toLanguage } from '../../shared/i18n/languages';
import { formatDate, formatDateTime } from './dates';
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
    date: (value: string | Date) => formatDate(value, lang),
    dateTime: (value: string | Date) => formatDateTime(value, lang),
  };
}
