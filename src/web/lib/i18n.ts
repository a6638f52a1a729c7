import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../shared/i18n/languages';
import { createTranslator } from './translator';

const STORAGE_KEY = 'lang';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function readStorage(): Language | null {
  try {
    return toLanguage(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage can be blocked (private mode, policies); the cookie still carries the choice.
    return null;
  }
}

function readCookie(): Language | null {
  const match = document.cookie.match(/(?:^|;\s*)lang=([^;]*)/);
  return match ? toLanguage(decodeURIComponent(match[1])) : null;
}

/** The language asked for in the URL (`?lang=en`), which wins over any stored choice. */
export function languageFromSearch(search: string): Language | null {
  return toLanguage(new URLSearchParams(search).get('lang'));
}

function detectLanguage(): Language {
  return languageFromSearch(window.location.search) ?? readStorage() ?? readCookie() ?? DEFAULT_LANGUAGE;
}

// The server reads the cookie to pick the language of error messages and emails.
export function persist(lang: Language) {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // See readStorage.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `lang=${lang}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

function reflectInDocument(lang: string) {
  document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

const initialLanguage = detectLanguage();
persist(initialLanguage);

/**
 * One store holding every catalogue, so keys read `validation.passwordMin` or `auth.signIn.title`
 * exactly as the shared zod schemas and the API's `fields` spell them. It starts empty; the sections
 * arrive through messages/sections.ts, which also loads a section no route asked for when one of its
 * keys is missed.
 */
export const i18n = createTranslator(initialLanguage);

i18n.on('languageChanged', reflectInDocument);

reflectInDocument(initialLanguage);
