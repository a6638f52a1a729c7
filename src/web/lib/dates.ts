import type { Language } from '../../shared/i18n/languages';

/*
 * Dates as product.md#display-formats shows them; plain functions (useFormat in format.ts gives them the
 * UI language). Written out by hand rather than by Intl.DateTimeFormat: a page's first date formatter
 * cost about 85 ms of main thread on Lighthouse's phone (ICU building its date patterns), the largest
 * piece of the dashboard's and the admin lists' first render (decision 0063). The texts are ICU's for
 * tr-TR and en-US; tests/unit/format.test.ts compares them with Intl for every month.
 */

const MONTHS: Record<Language, readonly string[]> = {
  tr: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "4 Mar" in Turkish, "Mar 4" in English, in the browser's time zone. */
function dayAndMonth(date: Date, lang: Language): string {
  const month = MONTHS[lang][date.getMonth()];
  return lang === 'tr' ? `${date.getDate()} ${month}` : `${month} ${date.getDate()}`;
}

/** 'MMM d, yyyy' (product.md#display-formats): "Mar 4, 2025" in English, "4 Mar 2025" in Turkish. */
export function formatDate(value: string | Date, lang: Language): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${dayAndMonth(date, lang)}${lang === 'tr' ? ' ' : ', '}${date.getFullYear()}`;
}

/** 'MMM d, HH:mm' (product.md#display-formats): "Mar 4, 15:05" in English, "4 Mar 15:05" in Turkish; a 24-hour clock in both. */
export function formatDateTime(value: string | Date, lang: Language): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return `${dayAndMonth(date, lang)}${lang === 'tr' ? ' ' : ', '}${time}`;
}
