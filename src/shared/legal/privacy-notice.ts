import type { Language } from '../i18n/languages';
import { DATA_WE_KEEP, NOTICE_KINDS } from './data-we-keep';

/**
 * The privacy notice's "The data we keep" section in `lang` (decision 0077): one paragraph per kind, in
 * the notice's order. The kinds are those the personal-data registry declares: the registry is built
 * from the server's feature manifests (decision 0079), so the web does not read it, and a test
 * (personal-data.unit.test.ts) fails when NOTICE_KINDS and the declared kinds differ.
 */
export function dataWeKeepSection(lang: Language): string {
  return NOTICE_KINDS.map((kind) => DATA_WE_KEEP[kind][lang]).join('\n\n');
}

/** The notice's Markdown in `lang`, with the registry's list in place of `{{dataWeKeep}}`. */
export function privacyNoticeSource(source: string, lang: Language): string {
  return source.replaceAll('{{dataWeKeep}}', () => dataWeKeepSection(lang));
}
