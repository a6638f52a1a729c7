import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../shared/i18n/languages';
import { CORE_SECTIONS, isSection, loadSections, requestedSections } from './messages/sections';

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
function persist(lang: Language) {
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
  return toLanguage(i18next.language) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the UI language and remembers it for later visits and for the server. The texts on
 * screen are fetched in the new language first, so the page never shows a raw key in between.
 */
export async function setLanguage(lang: Language): Promise<void> {
  persist(lang);
  const from = currentLanguage();
  if (from === lang) return;
  await loadSections(lang, requestedSections(from));
  await i18next.changeLanguage(lang);
}

/**
 * A key's text for code outside React (route guards' toasts), once its section is loaded: a toast
 * keeps the string it was given, so it cannot wait for the texts to arrive afterwards.
 */
export async function translateLoaded(key: string): Promise<string> {
  await loadSections(currentLanguage(), [key.split('.')[0]]);
  return i18next.t(key);
}

/**
 * A key whose section no route asked for (messages/routeSections.ts): load it, and the components
 * that use it render again when it arrives (bindI18nStore). Development says which one was late.
 */
function loadLateSection(key: string) {
  const section = key.split('.')[0];
  if (!isSection(section)) return;
  if (import.meta.env.DEV)
    console.warn(`i18n: section "${section}" loaded late for ${key}; list it in routeSections.ts`);
  void loadSections(currentLanguage(), [section]).catch(() => {});
}

const initialLanguage = detectLanguage();
persist(initialLanguage);

i18next.on('languageChanged', reflectInDocument);

// One namespace holding every catalogue, so keys read `validation.passwordMin` or `auth.signIn.title`
// exactly as the shared zod schemas and the API's `fields` spell them. It starts empty; the sections
// arrive through messages/sections.ts (a `resources` object tells i18next not to wait for a backend).
void i18next.use(initReactI18next).init({
  resources: { [initialLanguage]: { translation: {} } },
  lng: initialLanguage,
  fallbackLng: 'tr',
  supportedLngs: ['tr', 'en'],
  defaultNS: 'translation',
  keySeparator: '.',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => loadLateSection(key),
  react: { bindI18nStore: 'added' },
});

/** The shell's texts in the visitor's language: main.tsx renders once they are here. */
export const coreMessagesReady: Promise<void> = loadSections(initialLanguage, CORE_SECTIONS);

reflectInDocument(initialLanguage);

export { i18next };
