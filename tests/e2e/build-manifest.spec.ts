import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '../../src/server/platform/http/route-modules';

/*
 * The server preloads a first visit's chunks by the module names of vite's manifest
 * (route-modules.ts). The chunk groups of vite.config.ts may merge a module into a group chunk and
 * drop its own manifest entry, which would silently stop that preload; this reads the build the
 * e2e suite serves.
 */
describe('the web build', () => {
  it('keeps a manifest entry for every module the server preloads', () => {
    const manifest = JSON.parse(readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const modules = [...new Set(ROUTE_MODULES.flatMap(([, m]) => m))];
    expect(modules.filter((m) => !manifest[m])).toEqual([]);
  });
});
