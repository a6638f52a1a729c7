import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import {
  CORE_REST,
  CORE_SECTIONS,
  type CoreSection,
  NOT_FOUND_PAGE,
  PAGE_ROUTES,
} from '../../src/shared/routes/route-table';
import { coreTextsPart, PUBLIC_CORE_TEXTS } from '../../src/shared/routes/text-chunks';
import { readSection } from '../support/message-files';

/*
 * A public page's first load carries only part of the core sections (decision 0061); the rest comes
 * with the signed-in and admin pages. A core key that a public page shows and that part leaves out
 * would be missing when the page paints, so this follows what a public page runs and checks every
 * core key it spells.
 */

const ROOT = path.resolve('.');
const WEB = path.resolve('src/web');
const STATIC_IMPORT = /(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
// `section.first…` in quotes or backticks; `first` may be `${` for a key built at run time.
const CORE_KEY = new RegExp(`['"\`](${CORE_SECTIONS.join('|')})\\.(\\$\\{|\\w+)`, 'g');

/**
 * Keys built at run time that may be missing on a public page, and why that shows no raw key:
 * errorMessage asks whether the error code's key is loaded and otherwise shows the server's own
 * message, which the server writes from the same catalogue in the visitor's language.
 */
const DYNAMIC_KEYS_ALLOWED = new Set([path.join(WEB, 'lib/errors.ts')]);

/**
 * Keys a public page's modules spell that it cannot show: the short-link rules module gives the
 * not-found page its redirect delay and the sign-up schema its slug check, but its form messages are
 * the back office's (a sign-up with a malformed slug drops it, it is never refused). A feature's schema
 * file holds its admin list's query too (decision 0080), whose date-range check only a staff list shows.
 */
const SPELLED_NOT_SHOWN = new Set([
  'validation.dateRangeOrder',
  'validation.shortLinkUrlRequired',
  'validation.shortLinkUrlInvalid',
  'validation.shortLinkUrlTooLong',
  'validation.shortLinkUrlLoop',
  'validation.shortLinkSlugInvalid',
  'validation.shortLinkSlugTooLong',
  'validation.shortLinkSlugReserved',
  'validation.shortLinkSlugLocked',
  'validation.shortLinkExpiryInvalid',
]);

function resolveModule(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The modules a file runs: its static imports, and its dynamic ones too when asked, all the way down. */
function modulesOf(entry: string, dynamic: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !/\.tsx?$/.test(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  const specs = [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]);
  if (dynamic) specs.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]));
  for (const spec of specs) {
    const file = resolveModule(entry, spec);
    if (file && !file.includes(`${path.sep}i18n${path.sep}`)) modulesOf(file, dynamic, seen);
  }
  return seen;
}

/**
 * What a visitor on a public page can be shown: the shell the entry draws; each public page and the
 * 404 page with what they fetch later (the second-factor form); the guards, whose "please sign in"
 * toast is raised on the way to the sign-in page (a guard that waits for its texts, translateLoaded,
 * is not counted); and the request schemas of the calls those pages make, whose field messages the
 * API returns as keys.
 */
function publicModules(): Set<string> {
  const files = modulesOf(path.join(WEB, 'main.tsx'), false);
  const pages = [...PAGE_ROUTES.filter((route) => route.layout === 'public').map((r) => r.page), NOT_FOUND_PAGE];
  for (const page of pages) modulesOf(path.join(WEB, page), true, files);
  modulesOf(path.join(WEB, 'app/guards.ts'), false, files);
  for (const contract of ['auth', 'staff', 'two-factor'])
    modulesOf(path.join(ROOT, `src/shared/features/${contract}/${contract}.contracts.ts`), false, files);
  // Its comments name keys as examples; what it translates comes from its callers.
  files.delete(path.join(WEB, 'lib/i18n.ts'));
  return files;
}

const spelled = (file: string) =>
  readFileSync(file, 'utf8').replace(/translateLoaded\(\s*(['"`])[^'"`]*\1/g, 'translateLoaded(');

const isPublic = (section: CoreSection, key: string) => {
  const keys = PUBLIC_CORE_TEXTS[section];
  return keys === 'all' || keys.includes(key);
};

describe("the core texts a public page's first load carries", () => {
  it('hold every core key a public page can show', () => {
    const files = publicModules();
    // The pages, the shell and the guards are all read, or this would check little.
    for (const must of ['features/auth/pages/SignInPage.tsx', 'features/auth/components/SignInCodeForm.tsx'])
      expect(files.has(path.join(WEB, must)), must).toBe(true);
    expect(files.size).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const file of files) {
      for (const [, section, first] of spelled(file).matchAll(CORE_KEY)) {
        const where = `${section}.${first} (${path.relative(ROOT, file)})`;
        if (first === '${') {
          if (!DYNAMIC_KEYS_ALLOWED.has(file)) missing.push(where);
        } else if (!isPublic(section as CoreSection, first) && !SPELLED_NOT_SHOWN.has(`${section}.${first}`))
          missing.push(where);
      }
    }
    expect(missing).toEqual([]);
  });

  it('name keys of the catalogue, in every language', () => {
    for (const lang of LANGUAGES) {
      for (const section of CORE_SECTIONS) {
        const keys = PUBLIC_CORE_TEXTS[section];
        if (keys === 'all') continue;
        const present = Object.keys(readSection(lang, section));
        expect(
          keys.filter((k) => !present.includes(k)),
          `${lang} ${section}`,
        ).toEqual([]);
      }
    }
  });

  it('and the rest make up each core section whole, once', () => {
    for (const lang of LANGUAGES) {
      for (const section of CORE_SECTIONS) {
        const whole = readSection(lang, section);
        const pub = coreTextsPart(section, whole, 'public');
        const rest = coreTextsPart(section, whole, 'rest');
        expect(
          Object.keys(pub).filter((k) => k in rest),
          `${lang} ${section}`,
        ).toEqual([]);
        expect({ ...pub, ...rest }, `${lang} ${section}`).toEqual(whole);
      }
    }
    // The cut leaves most of the core out of a public page, or there would be little to gain.
    const tr = (part: 'public' | 'rest') =>
      CORE_SECTIONS.reduce(
        (n, section) => n + JSON.stringify(coreTextsPart(section, readSection('tr', section), part)).length,
        0,
      );
    expect(tr('public')).toBeLessThan(tr('rest'));
  });

  it("are what the web's core modules import, for each core section", () => {
    for (const lang of LANGUAGES) {
      const pub = readFileSync(path.join(WEB, `lib/messages/core.${lang}.ts`), 'utf8');
      for (const section of CORE_SECTIONS)
        expect(pub, `${lang} ${section}`).toContain(`/i18n/${lang}/${section}.json?core=public'`);
      for (const [layout, unit] of Object.entries(CORE_REST)) {
        const rest = readFileSync(path.join(WEB, `lib/messages/${unit}.${lang}.ts`), 'utf8');
        for (const section of CORE_SECTIONS)
          expect(rest, `${lang} ${section}`).toContain(`/i18n/${lang}/${section}.json?core=rest&for=${layout}'`);
      }
    }
  });
});
