import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_FEATURES } from '../../src/server/features/registry';
import { SHARED_FEATURES, SHELL_MESSAGES } from '../../src/shared/features/registry';
import { uiEn, uiTr } from '../../src/shared/i18n/ui';

/*
 * The two feature registries (decision 0079): what a manifest says about itself holds, so that a
 * feature's one registry line is all the central code needs.
 */
const folder = (side: 'server' | 'web' | 'shared', name: string) => path.resolve(`src/${side}/features/${name}`);

describe('the feature registries', () => {
  it('list each feature once, by the name of its folder', () => {
    for (const [side, features] of [
      ['server', SERVER_FEATURES],
      ['shared', SHARED_FEATURES],
    ] as const) {
      const names = features.map((f) => f.name);
      expect(new Set(names).size, side).toBe(names.length);
      for (const name of names) expect(existsSync(folder(side, name)), `${side}: ${name}`).toBe(true);
    }
    // Every shared manifest in a folder is in the registry: one forgotten would add nothing.
    const manifests = readdirSync(path.resolve('src/shared/features'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(folder('shared', d.name), 'manifest.ts')))
      .map((d) => d.name);
    expect(manifests.sort()).toEqual(SHARED_FEATURES.map((f) => f.name).sort());
    const serverManifests = readdirSync(path.resolve('src/server/features')).filter((name) =>
      existsSync(path.join(folder('server', name), 'manifest.ts')),
    );
    expect(serverManifests.sort()).toEqual(SERVER_FEATURES.map((f) => f.name).sort());
  });

  it("keeps each feature's pages in its own web folder", () => {
    for (const feature of SHARED_FEATURES) {
      for (const page of feature.pages ?? []) expect(page.page, feature.name).toMatch(`features/${feature.name}/`);
      expect(existsSync(folder('web', feature.name)), feature.name).toBe(true);
    }
  });

  it('gives every message namespace of the catalogue one owner, in both languages', () => {
    const owned = [...SHELL_MESSAGES, ...SHARED_FEATURES.flatMap((f) => f.messages ?? [])];
    expect(new Set(owned).size, 'a namespace claimed twice').toBe(owned.length);
    expect(owned.sort()).toEqual(Object.keys(uiTr).sort());
    expect(Object.keys(uiEn).sort()).toEqual(Object.keys(uiTr).sort());
  });
});
