import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesForPath, ROUTE_MODULES } from './route-modules';

const webRoot = path.resolve('src/web');
// The catch-all's page: preloading it for every unknown path would cost more than it saves.
const NOT_PRELOADED = new Set(['features/errors/pages/NotFoundPage.tsx']);

describe('the route → module list the server preloads from', () => {
  it('names modules that exist', () => {
    for (const [, modules] of ROUTE_MODULES) {
      for (const m of modules) expect(existsSync(path.join(webRoot, m)), m).toBe(true);
    }
  });

  it('covers every page the router loads lazily (a page missing here is only loaded later, but say so)', () => {
    const router = readFileSync(path.join(webRoot, 'app/router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((m) => {
      const file = path.resolve(webRoot, 'app', m[1]);
      return path.relative(webRoot, existsSync(`${file}.tsx`) ? `${file}.tsx` : `${file}.ts`);
    });
    expect(lazy.length).toBeGreaterThan(10);
    const mapped = new Set(ROUTE_MODULES.flatMap(([, modules]) => modules));
    expect(lazy.filter((m) => !mapped.has(m) && !NOT_PRELOADED.has(m))).toEqual([]);
  });

  it('matches paths segment by segment, parameters included', () => {
    expect(modulesForPath('/signin')?.modules).toEqual(['features/auth/pages/SignInPage.tsx']);
    expect(modulesForPath('/signin/')?.key).toBe('/signin');
    expect(modulesForPath('/')?.key).toBe('/');
    expect(modulesForPath('/services/abc-123')?.key).toBe('/services/:id');
    expect(modulesForPath('/admin/formations/42')?.modules).toContain('app/layouts/AdminLayout.tsx');
    expect(modulesForPath('/dashboard')?.modules).toContain('app/guards.ts');
    expect(modulesForPath('/signin')?.modules).not.toContain('app/guards.ts');
    expect(modulesForPath('/admin/signup')?.key).toBe('/admin/signup');
    expect(modulesForPath('/services/a/b')).toBeNull();
    expect(modulesForPath('/nope')).toBeNull();
  });
});
