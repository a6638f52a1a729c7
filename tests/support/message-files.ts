import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every message section's file in one language, by section: the shell's in `src/shared/i18n/<lang>/`, a
 * feature's in `src/shared/features/<feature>/messages/<lang>/` (decision 0097). The tests that read the
 * catalogue's files read them through here, so a section that moves is still read.
 */
export function sectionFiles(lang: string): Map<string, string> {
  const files = new Map<string, string>();
  const add = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const section = file.replace(/\.json$/, '');
      const there = files.get(section);
      if (there) throw new Error(`the section ${section} is in two places: ${there} and ${path.join(dir, file)}`);
      files.set(section, path.join(dir, file));
    }
  };
  add(path.resolve('src/shared/i18n', lang));
  const features = path.resolve('src/shared/features');
  for (const feature of readdirSync(features).sort()) add(path.join(features, feature, 'messages', lang));
  return files;
}

/** One section's texts in one language, as its JSON file holds them. */
export function readSection(lang: string, section: string): Record<string, unknown> {
  const file = sectionFiles(lang).get(section);
  if (!file) throw new Error(`no section ${section} in ${lang}`);
  return JSON.parse(readFileSync(file, 'utf8'));
}
