import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_REST, PAGE_ROUTES } from '../../../shared/routes/route-table';
import { modulesForPath, ROUTE_MODULES, sectionsForRoute } from './route-modules';

const webRoot = path.resolve('src/web');

describe('the route → module list the server preloads from', () => {
  it('names modules that exist', () => {
    for (const [, modules] of ROUTE_MODULES) {
      for (const m of modules) expect(existsSync(path.join(webRoot, m)), m).toBe(true);
    }
  });

  it('covers every page of the route table, and what the router loads besides (its layouts and guards)', () => {
    const mapped = new Set(ROUTE_MODULES.flatMap(([, modules]) => modules));
    expect(PAGE_ROUTES.filter((route) => !mapped.has(route.page))).toEqual([]);
    // A layout or module the router imports lazily by hand is only loaded later if it is missing here.
    const router = readFileSync(path.join(webRoot, 'app/router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((m) => {
      const file = path.resolve(webRoot, 'app', m[1]);
      return path.relative(webRoot, existsSync(`${file}.tsx`) ? `${file}.tsx` : `${file}.ts`);
    });
    expect([...new Set(lazy)].sort()).toEqual([
      'app/guards.ts',
      'app/layouts/AdminLayout.tsx',
      'app/layouts/SignedInLayout.tsx',
    ]);
    expect(lazy.filter((m) => !mapped.has(m))).toEqual([]);
  });

  it("preloads the route's message sections, its layout's included, and none for the redirect of /", () => {
    // The admin layout's sections (the rest of the core texts among them, decision 0061), then the page's.
    expect(sectionsForRoute('/admin/support')).toEqual([CORE_REST.admin, 'admin', 'support', 'catalogue']);
    // No catalogue on the sign-in page (decision 0061).
    expect(sectionsForRoute('/signin')).toEqual(['auth']);
    expect(sectionsForRoute('/')).toEqual([]);
    expect(sectionsForRoute(undefined)).toEqual([]);
  });

  it('matches paths segment by segment, parameters included', () => {
    expect(modulesForPath('/signin')?.modules).toEqual(['features/auth/pages/SignInPage.tsx']);
    expect(modulesForPath('/signin/')?.key).toBe('/signin');
    expect(modulesForPath('/')).toEqual({ key: '/', modules: ['features/auth/pages/SignInPage.tsx'] });
    expect(modulesForPath('/services/abc-123')?.key).toBe('/services/:id');
    expect(modulesForPath('/admin/formations/42')?.modules).toContain('app/layouts/AdminLayout.tsx');
    expect(modulesForPath('/dashboard')?.modules).toContain('app/guards.ts');
    expect(modulesForPath('/signin')?.modules).not.toContain('app/guards.ts');
    expect(modulesForPath('/admin/signup')?.key).toBe('/admin/signup');
    expect(modulesForPath('/services/a/b')).toBeNull();
    expect(modulesForPath('/nope')).toBeNull();
  });
});
