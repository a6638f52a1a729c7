import { translate } from '../i18n';
import type { Language } from '../i18n/languages';
import { TIMINGS, type TimingKey } from './timings';

/**
 * A catalogue timing in `lang` as the pages state it ("3-8 hafta", "5 iş günü"), for the server, the
 * mails and the generated PDFs; the web app formats the same way through useFormat().timing.
 */
export function formatTiming(key: TimingKey, lang: Language): string {
  const { min, max, unit } = TIMINGS[key];
  const unitText = translate(lang, `common.duration.units.${unit}`);
  return min === max ? `${max} ${unitText}` : translate(lang, 'common.duration.range', { min, max, unit: unitText });
}
