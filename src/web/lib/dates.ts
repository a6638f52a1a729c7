import type { Language } from '../../shared/i18n/languages';

/* Dates as product.md#display-formats shows them; plain functions (useFormat in format.ts gives them the UI language). */

const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-US' };

/** 'MMM d, yyyy' (product.md#display-formats): "Mar 4, 2025" in English, "4 Mar 2025" in Turkish. */
export function formatDate(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[lang], { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** 'MMM d, HH:mm' (product.md#display-formats): "Mar 4, 15:05" in English, "4 Mar 15:05" in Turkish; a 24-hour clock in both. */
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
