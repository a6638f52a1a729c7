import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_FEATURES } from '../../src/server/feature-registry';
import { FEATURE_PAGES, SHELL_MESSAGES } from '../../src/shared/features/registry';
import { uiEn, uiTr } from '../../src/shared/i18n/ui';
import type { PageRoute } from '../../src/shared/routes/page';

/*
 * The two feature registries (decision 0079): what a manifest says about itself holds, so that a
 * feature's one registry line is all the central code needs.
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

describe('the feature registries', () => {
  it('list every feature with a manifest, once, the server by the name of its folder', () => {
    const names = SERVER_FEATURES.map((f) => f.name);
    expect([...names].sort()).toEqual(withManifest('server'));
    // The shared manifests are listed by their pages: each folder's that has pages, once, and none besides.
    const withPages = sharedManifests.filter((m) => m.pages);
    expect(Object.keys(FEATURE_PAGES).sort()).toEqual(withPages.map((m) => m.name));
    for (const { name, pages } of withPages) expect(FEATURE_PAGES[name], name).toBe(pages);
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
