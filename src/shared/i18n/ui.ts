import { readdirSync, readFileSync } from 'node:fs';
import type { Catalogue } from './catalogue';
import enAdmin from './en/admin.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enCompany from './en/company.json';
import enErrorsPage from './en/errorsPage.json';
import type { Language } from './languages';
import trAdmin from './tr/admin.json';
import trCatalogue from './tr/catalogue.json';
import trCommon from './tr/common.json';
import trCompany from './tr/company.json';
import trErrorsPage from './tr/errorsPage.json';

type Sections = Record<string, Catalogue[string]>;

/**
 * Every feature's message sections, found where SECTION_FILE says they sit
 * (src/shared/features/<f>/messages/<lang>/<section>.json, decision 0097), so a feature's sections need
 * no line here (decision 0101). Vite (the production server's build, the server-rendering entry, Vitest)
 * replaces the glob with the files, bundled; tsx (npm start outside production, the CLIs, the tests'
 * child portals) has no such call, and reads the same files from the disk beside this one.
 */
function featureSections(lang: Language): Sections {
  let files: Record<string, unknown> | null = null;
  try {
    files =
      lang === 'tr'
        ? import.meta.glob('../features/*/messages/tr/*.json', { eager: true, import: 'default' })
        : import.meta.glob('../features/*/messages/en/*.json', { eager: true, import: 'default' });
  } catch {
    files = null;
  }
  const sections: Sections = {};
  if (files) {
    for (const [file, json] of Object.entries(files)) sections[sectionName(file)] = json as Catalogue[string];
    return sections;
  }
  const root = new URL('../features/', import.meta.url);
  for (const feature of readdirSync(root, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const folder = new URL(`${feature.name}/messages/${lang}/`, root);
    let names: string[];
    try {
      names = readdirSync(folder).filter((n) => n.endsWith('.json'));
    } catch {
      continue;
    }
    for (const name of names) {
      sections[sectionName(name)] = JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as Catalogue[string];
    }
  }
  return sections;
}

function sectionName(file: string): string {
  return (file.split('/').pop() as string).replace(/\.json$/, '');
}

/** UI namespaces (pages and components): the shell's here, every feature's from its folder. */
export const uiTr: Catalogue = {
  common: trCommon,
  company: trCompany,
  admin: trAdmin,
  errorsPage: trErrorsPage,
  catalogue: trCatalogue,
  ...featureSections('tr'),
};
export const uiEn: Catalogue = {
  common: enCommon,
  company: enCompany,
  admin: enAdmin,
  errorsPage: enErrorsPage,
  catalogue: enCatalogue,
  ...featureSections('en'),
};
