import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_FEATURES } from '../../src/server/feature-registry';
import { FEATURE_MATRICES } from '../../src/server/security/matrix-rows';
import { FEATURE_PAGES, FEATURES, NO_PAGES, SHELL_MESSAGES } from '../../src/shared/features/registry';
import { uiEn, uiTr } from '../../src/shared/i18n/ui';
import type { PageRoute } from '../../src/shared/routes/page';
import { readFeatureTree, registryProblems } from '../support/feature-folders';

/*
 * The feature registry (decisions 0079 and 0101): one line per feature, and what a manifest says about
 * itself holds, so that the line is all the central code needs.
 */
const folder = (side: 'server' | 'web' | 'shared', name: string) => path.resolve(`src/${side}/features/${name}`);
const withManifest = (side: 'server' | 'shared') =>
  readdirSync(path.resolve(`src/${side}/features`))
    .filter((name) =>
      existsSync(path.join(folder(side, name), side === 'server' ? `${name}.manifest.ts` : 'manifest.ts')),
    )
    .sort();

/** Each shared manifest module by its folder's name: its pages, if any, and the namespaces it owns. */
const sharedManifests = await Promise.all(
  withManifest('shared').map(async (name) => {
    const module: Record<string, unknown> = await import(`../../src/shared/features/${name}/manifest.ts`);
    const pages = Object.entries(module).find(([key]) => key.endsWith('Pages'))?.[1] as
      | readonly PageRoute[]
      | undefined;
    return { name, pages, messages: (module.messages ?? []) as readonly string[] };
  }),
);

describe('the feature registry', () => {
  it('has a line for every feature folder, and each line only the parts its folders have', () => {
    expect(registryProblems(readFeatureTree(path.resolve('src')), FEATURES)).toEqual([]);
  });

  it('fails, naming the folder, for a stand-in feature without its line, and passes with it', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'registry-stand-in-'));
    try {
      const write = (file: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), '');
      };
      for (const file of [
        'server/features/stand-in/stand-in.manifest.ts',
        'server/features/stand-in/stand-in.routes.ts',
        'server/features/stand-in/stand-in.matrix.ts',
        'server/features/stand-in/stand-in.schema.ts',
        'shared/features/stand-in/manifest.ts',
        'web/features/stand-in/pages/StandInPage.tsx',
      ]) {
        write(file);
      }
      const tree = readFeatureTree(root);
      expect(registryProblems(tree, {})).toEqual([
        'src/server/features/stand-in, src/shared/features/stand-in, src/web/features/stand-in has no line in src/shared/features/registry.ts: add one where its order belongs (its pages, or NO_PAGES).',
      ]);
      expect(registryProblems(tree, { 'stand-in': NO_PAGES })).toEqual([]);
      // Registered, but a part missing: the rows of its routes.
      rmSync(path.join(root, 'server/features/stand-in/stand-in.matrix.ts'));
      expect(registryProblems(readFeatureTree(root), { 'stand-in': NO_PAGES })).toEqual([
        'src/server/features/stand-in has routes but no stand-in.matrix.ts: every operation needs its row in the authorization matrix (decision 0093).',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("loads every server manifest, by the folder's name, in the registry's order", () => {
    const names = SERVER_FEATURES.map((f) => f.name);
    expect([...names].sort()).toEqual(withManifest('server'));
    expect(names).toEqual(Object.keys(FEATURES).filter((name) => names.includes(name)));
  });

  it("takes each feature's pages from its shared manifest, and only from there", () => {
    const withPages = sharedManifests.filter((m) => m.pages?.length);
    const listed = Object.entries(FEATURE_PAGES).filter(([, pages]) => pages.length);
    expect(listed.map(([name]) => name).sort()).toEqual(withPages.map((m) => m.name));
    for (const { name, pages } of withPages) expect(FEATURES[name], name).toEqual(pages);
  });

  it("runs every feature's matrix rows, in the registry's order", () => {
    const withRows = Object.keys(FEATURES).filter((name) =>
      existsSync(path.join(folder('server', name), `${name}.matrix.ts`)),
    );
    expect(Object.keys(FEATURE_MATRICES)).toEqual(withRows);
  });

  it("names each feature's pages within its own web folder", () => {
    for (const { name, pages } of sharedManifests) {
      expect(existsSync(folder('web', name)), name).toBe(true);
      for (const page of pages ?? []) expect(page.page, name).toMatch(/^(pages|admin)\/\w+Page\.tsx$/);
    }
  });

  it('puts only admin pages in the top bar', () => {
    for (const { name, pages } of sharedManifests) {
      for (const page of pages ?? []) if (page.nav) expect(page.layout, `${name}: ${page.path}`).toBe('admin');
    }
  });

  it('gives every message namespace of the catalogue one owner, in both languages', () => {
    const owned = [...SHELL_MESSAGES, ...sharedManifests.flatMap((m) => m.messages)];
    expect(new Set(owned).size, 'a namespace claimed twice').toBe(owned.length);
    expect(owned.sort()).toEqual(Object.keys(uiTr).sort());
    expect(Object.keys(uiEn).sort()).toEqual(Object.keys(uiTr).sort());
  });

  it('mounts first, under a path two features share, the feature that answered first before the registry', () => {
    // Hono answers with the first match; the old app.ts's order, checked route by route (decision 0079).
    const at = (name: string) => SERVER_FEATURES.findIndex((f) => f.name === name);
    for (const [first, then] of [
      ['auth', 'two-factor'], // /api/auth
      ['payments', 'overview'], // /api/admin/ (overview's counts, decision 0083)
      ['ss4', 'ein'], // /api/admin/ein-applications
      ['two-factor', 'staff'], // /api/admin/staff
    ]) {
      expect(at(first), first).toBeGreaterThanOrEqual(0);
      expect(at(first), `${first} before ${then}`).toBeLessThan(at(then));
    }
  });
});
