import { formatUsd } from '../../shared/catalogue/money';
import { TIMINGS, type TimingKey } from '../../shared/catalogue/timings';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../shared/i18n/languages';
import { useTranslation } from './useTranslation';

const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-US' };

/** 'MMM d, yyyy' (SPEC §9): "Mar 4, 2025" in English, "4 Mar 2025" in Turkish. */
export function formatDate(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** 'MMM d, HH:mm' (SPEC §9): "Mar 4, 15:05" in English, "4 Mar 15:05" in Turkish; a 24-hour clock in both. */
export function formatDateTime(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** Money, timings and dates in the current UI language; re-renders when the language changes. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return {
    lang,
    usd: (cents: number) => formatUsd(cents, lang),
    perYear: (cents: number) => t('catalogue.perYear', { amount: formatUsd(cents, lang) }),
    /** A stated timing of SPEC §9, e.g. "2-10 iş günü" / "2-10 business days". */
    timing: (key: TimingKey) => {
      const { min, max, unit } = TIMINGS[key];
      const unitText = t(`catalogue.timing.units.${unit}`);
      // Number first, then the unit, in both languages ("5 iş günü", "5 business days").
      return min === max ? `${max} ${unitText}` : t('catalogue.timing.range', { min, max, unit: unitText });
    },
    date: (value: string | Date) => formatDate(value, lang),
    dateTime: (value: string | Date) => formatDateTime(value, lang),
  };
}
