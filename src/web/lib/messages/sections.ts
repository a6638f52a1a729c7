import type { Language } from '../../../shared/i18n/languages';
import { CORE_REST, CORE_SECTIONS, isCoreRest } from '../../../shared/routes/route-table';
import { currentLanguage, i18n, persist } from '../i18n';
import type { Messages } from '../translator';

/*
 * The web app's messages arrive in pieces: a first visit to /signin downloads the Turkish shell and
 * sign-in texts, not both languages with every admin page's texts. The catalogue's sections (one
 * JSON file per top-level key such as `auth` or `adminEin`) load on demand into the translator's single
 * store, so keys keep their `section.key` form. The core sections come in two parts (decision 0061):
 * what a public page shows, with the entry, and the rest (CORE_REST) with the signed-in and admin
 * pages; both merge into the same sections. The server and the tests keep the whole catalogue
 * (src/shared/i18n/index.ts); the mails' texts never reach the browser.
 */

const CORE = new Set<string>(CORE_SECTIONS);

const coreLoaders: Record<Language, () => Promise<Record<string, Messages>>> = {
  tr: () => import('./core.tr').then((m) => m.core),
  en: () => import('./core.en').then((m) => m.core),
};

// The rest of the core sections, per layout and language (`./coreRestAdmin.en.ts`): the same texts for
// both layouts, each built into its side's shared texts file.
const coreRestLoaders = import.meta.glob<Record<string, Messages>>('./coreRest*.ts', { import: 'texts' });

function loadCoreRest(lang: Language, unit: string): Promise<Record<string, Messages>> {
  return coreRestLoaders[`./${unit}.${lang}.ts`]();
}

// One chunk per section and language; the core sections and the mails are left out. The shell's sections
// sit in shared/i18n, a feature's in its own folder (decision 0097); both are found by language and name.
const sectionFiles = import.meta.glob<Messages>(
  [
    '../../../shared/i18n/*/*.json',
    '../../../shared/features/*/messages/*/*.json',
    '!../../../shared/i18n/*/mail.json',
    '!../../../shared/i18n/*/common.json',
    '!../../../shared/i18n/*/errors.json',
    '!../../../shared/i18n/*/errorsPage.json',
    '!../../../shared/i18n/*/validation.json',
  ],
  { import: 'default' },
);
const sectionLoaders = new Map(
  Object.entries(sectionFiles).map(([file, load]) => [/(\w+)\/(\w+)\.json$/.exec(file)?.slice(1).join('/'), load]),
);

function loaderFor(lang: Language, section: string): (() => Promise<Messages>) | undefined {
  return sectionLoaders.get(`${lang}/${section}`);
}

/** Every section the browser can load, core included: for telling a section from a plain key. */
export function isSection(name: string): boolean {
  return CORE.has(name) || loaderFor('tr', name) !== undefined;
}

/**
 * `${lang}:${section}` (or `${lang}:core`, or `${lang}:` and a CORE_REST unit) → its load, shared by
 * every caller and kept once done.
 */
const loads = new Map<string, Promise<void>>();

function load(lang: Language, unit: string, fetchMessages: () => Promise<Record<string, Messages>>): Promise<void> {
  const key = `${lang}:${unit}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = fetchMessages().then(
      (bundle) => {
        i18n.addResources(lang, bundle);
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
    if (isCoreRest(section)) {
      jobs.push(load(lang, section, () => loadCoreRest(lang, section)));
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

/**
 * Switches the UI language and remembers it for later visits and for the server. The texts on
 * screen are fetched in the new language first, so the page never shows a raw key in between.
 */
export async function setLanguage(lang: Language): Promise<void> {
  persist(lang);
  const from = currentLanguage();
  if (from === lang) return;
  await loadSections(lang, requestedSections(from));
  i18n.changeLanguage(lang);
}

/**
 * What to load for a key to be found: its section, and for a core section the part a public page
 * leaves out, in the copy of the side already loaded (the customer's when none is).
 */
function sectionsHolding(key: string): string[] {
  const section = key.split('.')[0];
  if (!CORE.has(section)) return [section];
  const adminSide = [...loads.keys()].some((loaded) => loaded.endsWith(`:${CORE_REST.admin}`));
  return [section, adminSide ? CORE_REST.admin : CORE_REST['signed-in']];
}

/**
 * A key's text for code outside React (route guards' toasts), once its section is loaded: a toast
 * keeps the string it was given, so it cannot wait for the texts to arrive afterwards.
 */
export async function translateLoaded(key: string): Promise<string> {
  await loadSections(currentLanguage(), sectionsHolding(key));
  return i18n.t(key);
}

/**
 * A key whose section no route asked for (shared/routes/route-table.ts), or a core key a public page
 * shows that PUBLIC_CORE_TEXTS leaves out: load it, and the components that use it render again when
 * it arrives. Development says which one was late.
 */
i18n.on('missing', (key) => {
  const section = key.split('.')[0];
  if (!isSection(section)) return;
  if (import.meta.env.DEV)
    console.warn(`i18n: section "${section}" loaded late for ${key}; list it in shared/routes/route-table.ts`);
  void loadSections(currentLanguage(), sectionsHolding(key)).catch(() => {});
});

/** The shell's texts in the visitor's language: main.tsx renders once they are here. */
export const coreMessagesReady: Promise<void> = loadSections(currentLanguage(), CORE_SECTIONS);
