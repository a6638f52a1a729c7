import type { Language } from '../i18n/languages';

export const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-US' };

/**
 * A calendar date as words ("1 Mart 2027", "March 1, 2027"). Read in UTC: a 'YYYY-MM-DD' parsed by Date
 * is UTC midnight, which a browser west of Greenwich would otherwise show as the day before.
 */
export function formatCalendarDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
