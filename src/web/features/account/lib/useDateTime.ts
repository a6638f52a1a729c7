import { formatDateTime } from '../../../../shared/format/dates';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../shared/i18n/languages';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * A moment in the UI language. Not useFormat: it brings the catalogue's texts (money, timings), which
 * the account page would load for nothing.
 */
export function useDateTime(): (value: string | Date) => string {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return (value) => formatDateTime(value, lang);
}
