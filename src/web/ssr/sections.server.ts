import type { Language } from '../../shared/i18n/languages';
import { CORE_SECTIONS, isCoreRest } from '../../shared/routes/route-table';
import type { Messages } from '../lib/translator';
import { i18n } from './i18n.server';
import { renderScope } from './scope';

/*
 * lib/messages/sections.ts as the server render sees it (decision 0095): the same files, built into the
 * server entry and read at once, added to the render's own translator. A render holds exactly the
 * sections the browser holds when it hydrates (the core texts and the matched routes' sections), so a
 * key missing in the browser is missing here too and both sides write the same text.
 */

const CORE = new Set<string>(CORE_SECTIONS);

const coreTexts = import.meta.glob<Record<string, Messages>>('../lib/messages/core.*.ts', {
  eager: true,
  import: 'core',
});
const coreRestTexts = import.meta.glob<Record<string, Messages>>('../lib/messages/coreRest*.ts', {
  eager: true,
  import: 'texts',
});
const sectionFiles = import.meta.glob<Messages>(
  [
    '../../shared/i18n/*/*.json',
    '../../shared/features/*/messages/*/*.json',
    '!../../shared/i18n/*/mail.json',
    '!../../shared/i18n/*/common.json',
    '!../../shared/i18n/*/errors.json',
    '!../../shared/i18n/*/errorsPage.json',
    '!../../shared/i18n/*/validation.json',
  ],
  { eager: true, import: 'default' },
);
const sections = new Map(
  Object.entries(sectionFiles).map(([file, messages]) => [
    /(\w+)\/(\w+)\.json$/.exec(file)?.slice(1).join('/'),
    messages,
  ]),
);

function add(lang: Language, unit: string, bundle: Record<string, Messages> | undefined) {
  const { loaded } = renderScope();
  const key = `${lang}:${unit}`;
  if (!bundle || loaded.has(key)) return;
  loaded.add(key);
  i18n.addResources(lang, bundle);
}

export function isSection(name: string): boolean {
  return CORE.has(name) || sections.has(`tr/${name}`);
}

export async function loadSections(lang: Language, names: readonly string[]): Promise<void> {
  for (const name of names) {
    if (CORE.has(name)) add(lang, 'core', coreTexts[`../lib/messages/core.${lang}.ts`]);
    else if (isCoreRest(name)) add(lang, name, coreRestTexts[`../lib/messages/${name}.${lang}.ts`]);
    else {
      const messages = sections.get(`${lang}/${name}`);
      add(lang, name, messages && { [name]: messages });
    }
  }
}

export function requestedSections(_lang: Language): string[] {
  return [];
}

export async function setLanguage(_lang: Language): Promise<void> {}

export async function translateLoaded(key: string): Promise<string> {
  return i18n.t(key);
}

export const coreMessagesReady: Promise<void> = Promise.resolve();
