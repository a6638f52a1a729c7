import { declaredNoticeKinds } from '../domain/personal-data';
import type { Language } from '../i18n/languages';
import { DATA_WE_KEEP, NOTICE_KINDS } from './data-we-keep';

/**
 * The privacy notice's "The data we keep" section in `lang` (decision 0077): one paragraph per kind the
 * personal-data registry declares, in the notice's order. A kind with a text but no entry is not shown.
 */
export function dataWeKeepSection(lang: Language): string {
  const declared = new Set(declaredNoticeKinds());
  return NOTICE_KINDS.filter((kind) => declared.has(kind))
    .map((kind) => DATA_WE_KEEP[kind][lang])
    .join('\n\n');
}

/** The notice's Markdown in `lang`, with the registry's list in place of `{{dataWeKeep}}`. */
export function privacyNoticeSource(source: string, lang: Language): string {
  return source.replaceAll('{{dataWeKeep}}', () => dataWeKeepSection(lang));
}
