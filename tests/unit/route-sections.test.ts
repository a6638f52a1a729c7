import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/shared/domain/permissions';
import { AUDIT_ACTIONS } from '../../src/shared/features/audit/audit.domain';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import {
  CORE_REST,
  CORE_SECTIONS,
  isCoreRest,
  LAYOUT_MODULES,
  LAYOUT_SECTIONS,
  PAGE_ROUTES,
  routeSections,
} from '../../src/shared/routes/route-table';
import { textsChunkName } from '../../src/shared/routes/text-chunks';
import { USER_PANEL_SECTIONS } from '../../src/web/features/users/admin/userPanelSections';
import { sectionFiles } from '../support/message-files';

/*
 * The web app loads each page's message sections with its code (src/web/lib/messages). A section a
 * page uses but does not list still shows, a moment late; this keeps the lists right: the modules a
 * page imports (statically, all the way down) spell keys only from its sections and the core ones.
 */

const WEB = path.resolve('src/web');
const SECTIONS = [...sectionFiles('tr').keys()];
// A file name ('documents.json', the data copy's files in the personal-data registry) is not a key.
const KEY = new RegExp(`['"\`](${SECTIONS.join('|')})\\.(?!json['"\`])(?=[\\w$])`, 'g');
// `import type` loads nothing at run time (the API contracts are read that way), so it is not followed.
const STATIC_IMPORT = /(?:import|export)\s(?!type\s)([^'"]*?)from\s+['"](\.[^'"]+)['"]/g;
// A feature's index only re-exports (decision 0082), and the build reads it lazily: an importer gets the
// modules of the names it takes, not the index's others. The walk does the same.
const FEATURE_INDEX = /[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
const names = (clause: string) =>
  (/\{([^}]*)\}/.exec(clause)?.[1] ?? '')
    .split(',')
    .map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop() ?? '',
    )
    .filter(Boolean);
// Its comments name keys as examples; what it translates comes from its callers.
const NOT_SCANNED = new Set([path.join(WEB, 'lib/i18n.ts')]);
// Permission names ('support.read', 'ein.ssn') are spelled like keys but translate nothing.
const PERMISSION_NAME = new RegExp(`(['"\`])(${PERMISSIONS.join('|').replaceAll('.', '\\.')})\\1`, 'g');
// So are the audit trail's action names ('ein.ssn_revealed'); their labels are adminAudit.actions.*.
const AUDIT_NAME = new RegExp(`(['"\`])(${AUDIT_ACTIONS.join('|').replaceAll('.', '\\.')})\\1`, 'g');

function resolveModule(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// Every page walks the route table and its feature manifests (decision 0079): read each file once.
const sources = new Map<string, string>();
function source(file: string): string {
  const known = sources.get(file);
  if (known !== undefined) return known;
  const text = readFileSync(file, 'utf8');
  sources.set(file, text);
  return text;
}

function modulesOf(entry: string, seen = new Set<string>(), taken?: string[]): Set<string> {
  if (taken && FEATURE_INDEX.test(entry)) {
    for (const m of source(entry).matchAll(STATIC_IMPORT)) {
      const file = resolveModule(entry, m[2]);
      if (file && names(m[1]).some((n) => taken.includes(n))) modulesOf(file, seen);
    }
    return seen;
  }
  if (seen.has(entry) || !/\.tsx?$/.test(entry)) return seen;
  seen.add(entry);
  for (const m of source(entry).matchAll(STATIC_IMPORT)) {
    const file = resolveModule(entry, m[2]);
    if (file && !file.includes(`${path.sep}i18n${path.sep}`)) modulesOf(file, seen, names(m[1]));
  }
  return seen;
}

function sectionsUsedBy(entry: string): string[] {
  const used = new Set<string>();
  for (const file of modulesOf(entry)) {
    if (NOT_SCANNED.has(file)) continue;
    for (const m of source(file).replace(PERMISSION_NAME, '').replace(AUDIT_NAME, '').matchAll(KEY)) used.add(m[1]);
  }
  return [...used].sort();
}

const missing = (used: string[], listed: readonly string[]) =>
  used.filter((s) => !listed.includes(s) && !(CORE_SECTIONS as readonly string[]).includes(s));

describe('the message sections each page loads', () => {
  it('name sections that exist', () => {
    for (const sections of [...PAGE_ROUTES.map((r) => r.sections), ...Object.values(LAYOUT_SECTIONS), CORE_SECTIONS]) {
      for (const s of sections.filter((name) => !isCoreRest(name))) expect(SECTIONS, s).toContain(s);
    }
  });

  it('load the rest of the core texts with every signed-in and admin page, and no public one (decision 0061)', () => {
    // Names of their own, never a section's: no key starts with them.
    for (const unit of Object.values(CORE_REST)) expect(SECTIONS).not.toContain(unit);
    for (const route of PAGE_ROUTES) {
      const rest = routeSections(route).filter(isCoreRest);
      expect(rest, route.path).toEqual(route.layout === 'public' ? [] : [CORE_REST[route.layout]]);
    }
  });

  it('build the rest into a texts file each signed-in and admin page loads anyway, so it adds no request', () => {
    for (const lang of LANGUAGES) {
      for (const route of PAGE_ROUTES.filter((r) => r.layout !== 'public')) {
        const sections = routeSections(route);
        const restFile = textsChunkName(lang, sections.find(isCoreRest) ?? '');
        expect(restFile, route.path).not.toBeNull();
        const others = sections.filter((s) => !isCoreRest(s)).map((s) => textsChunkName(lang, s));
        expect(others, `${lang} ${route.path}`).toContain(restFile);
      }
    }
  });

  it("follow through a feature's index the modules of the names taken, and only those", () => {
    const walked = modulesOf(path.join(WEB, 'features/auth/pages/SignUpPage.tsx'));
    expect(walked).toContain(path.join(WEB, 'features/privacy/components/SignUpConsents.tsx'));
    expect(walked).not.toContain(path.join(WEB, 'features/privacy/components/ConsentsSection.tsx'));
  });

  it('cover what each page of the route table spells', () => {
    expect(PAGE_ROUTES.length).toBeGreaterThan(25);
    for (const route of PAGE_ROUTES) {
      expect(missing(sectionsUsedBy(path.join(WEB, route.page)), routeSections(route)), route.path).toEqual([]);
    }
  });

  it("cover what a lazily loaded panel spells with the page's sections and its own (decision 0096)", () => {
    const route = PAGE_ROUTES.find((r) => r.path === 'admin/users');
    expect(route).toBeDefined();
    const listed = [...routeSections(route as (typeof PAGE_ROUTES)[number]), ...USER_PANEL_SECTIONS];
    const used = sectionsUsedBy(path.join(WEB, 'features/users/admin/UserDetailPanel.tsx'));
    expect(used.length).toBeGreaterThan(3);
    expect(missing(used, listed)).toEqual([]);
  });

  it('cover what the layouts spell', () => {
    for (const [layout, module] of Object.entries(LAYOUT_MODULES)) {
      const listed = LAYOUT_SECTIONS[layout as keyof typeof LAYOUT_MODULES];
      expect(missing(sectionsUsedBy(path.join(WEB, module)), listed), layout).toEqual([]);
    }
  });

  it('keep the entry to the core sections (guards load theirs on demand)', () => {
    const entry = sectionsUsedBy(path.join(WEB, 'main.tsx')).filter((s) => !['admin', 'formation', 'ss4'].includes(s));
    expect(missing(entry, [])).toEqual([]);
  });
});
