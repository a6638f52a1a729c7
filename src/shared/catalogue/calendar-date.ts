import type { Language } from '../i18n/languages';

/*
 * Written out by hand rather than by Intl.DateTimeFormat, whose first use on a page cost about 85 ms of
 * main thread on Lighthouse's phone (decision 0063). The month names are ICU's for tr-TR and en-US;
 * tests/unit/shared/catalogue/compliance-format.test.ts compares the texts with Intl.
 */
const MONTHS: Record<Language, readonly string[]> = {
  tr: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/**
 * A calendar date as words ("1 Mart 2027", "March 1, 2027"). Read in UTC: a 'YYYY-MM-DD' parsed by Date
 * is UTC midnight, which a browser west of Greenwich would otherwise show as the day before.
 */
export function formatCalendarDate(date: string, lang: Language): string {
  const day = new Date(`${date}T00:00:00Z`);
  // Intl threw a RangeError on a date it could not read; so does this.
  if (Number.isNaN(day.getTime())) throw new RangeError(`not a calendar date: ${date}`);
  const month = MONTHS[lang][day.getUTCMonth()];
  return lang === 'tr'
    ? `${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`
    : `${month} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
