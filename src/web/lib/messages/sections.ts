import i18next from 'i18next';
import type { Language } from '../../../shared/i18n/languages';
import { CORE_SECTIONS } from './routeSectionList';

export { CORE_SECTIONS };

/*
 * The web app's messages arrive in pieces: a first visit to /signin downloads the Turkish shell and
 * sign-in texts, not both languages with every admin page's texts. The catalogue's sections (one
 * JSON file per top-level key such as `auth` or `adminEin`) load on demand into i18next's single
 * namespace, so keys keep their `section.key` form. The server and the tests keep the whole
 * catalogue (src/shared/i18n/index.ts); the mails' texts never reach the browser.
 */

type Messages = Record<string, unknown>;

const CORE = new Set<string>(CORE_SECTIONS);

const coreLoaders: Record<Language, () => Promise<Record<string, Messages>>> = {
  tr: () => import('./core.tr').then((m) => m.core),
  en: () => import('./core.en').then((m) => m.core),
};

// One chunk per section and language; the core sections and the mails are left out.
const sectionLoaders = import.meta.glob<Messages>(
  [
    '../../../shared/i18n/*/*.json',
    '!../../../shared/i18n/*/mail.json',
    '!../../../shared/i18n/*/common.json',
    '!../../../shared/i18n/*/errors.json',
    '!../../../shared/i18n/*/errorsPage.json',
    '!../../../shared/i18n/*/validation.json',
  ],
  { import: 'default' },
);

function loaderFor(lang: Language, section: string): (() => Promise<Messages>) | undefined {
  return sectionLoaders[`../../../shared/i18n/${lang}/${section}.json`];
}

/** Every section the browser can load, core included: for telling a section from a plain key. */
export function isSection(name: string): boolean {
  return CORE.has(name) || loaderFor('tr', name) !== undefined;
}

/** `${lang}:${section}` (or `${lang}:core`) → its load, shared by every caller and kept once done. */
const loads = new Map<string, Promise<void>>();

function load(lang: Language, unit: string, fetchMessages: () => Promise<Record<string, Messages>>): Promise<void> {
  const key = `${lang}:${unit}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = fetchMessages().then(
      (bundle) => {
        i18next.addResourceBundle(lang, 'translation', bundle, true, true);
      },
      (error: unknown) => {
        // A failed chunk (a deploy replaced it, the network dropped) may be tried again later.
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, pending);
  }
  return pending;
}

/** Makes the given sections' texts available in a language; unknown names are ignored. */
export async function loadSections(lang: Language, sections: readonly string[]): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const section of sections) {
    if (CORE.has(section)) {
      jobs.push(load(lang, 'core', coreLoaders[lang]));
      continue;
    }
    const loader = loaderFor(lang, section);
    if (loader) jobs.push(load(lang, section, () => loader().then((messages) => ({ [section]: messages }))));
  }
  await Promise.all(jobs);
}

/** The sections asked for in a language so far, so that a language switch can bring the same ones. */
export function requestedSections(lang: Language): string[] {
  const out: string[] = [];
  for (const key of loads.keys()) {
    const [keyLang, unit] = key.split(':');
    if (keyLang !== lang) continue;
    if (unit === 'core') out.push(...CORE_SECTIONS);
    else out.push(unit);
  }
  return out;
}
