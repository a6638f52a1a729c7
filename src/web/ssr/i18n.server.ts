import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../shared/i18n/languages';
import type { Translator } from '../lib/translator';
import { renderScope } from './scope';

/*
 * lib/i18n.ts as the server render sees it (decision 0095): the language and the texts are the
 * render's own (scope.ts); nothing is stored, and the document is not there to reflect the language.
 */

export function languageFromSearch(search: string): Language | null {
  return toLanguage(new URLSearchParams(search).get('lang'));
}

export function persist(_lang: Language) {}

export function currentLanguage(): Language {
  return toLanguage(renderScope().language) ?? DEFAULT_LANGUAGE;
}

export const i18n: Translator = {
  get language() {
    return renderScope().i18n.language;
  },
  t: (key, options) => renderScope().i18n.t(key, options),
  exists: (key) => renderScope().i18n.exists(key),
  addResources: (lang, messages) => renderScope().i18n.addResources(lang, messages),
  changeLanguage: (lang) => renderScope().i18n.changeLanguage(lang),
  // Listeners are the browser's (a late section, a language switch): a server render has neither.
  on: () => () => {},
};
