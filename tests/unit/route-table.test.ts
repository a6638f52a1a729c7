import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardOf, NOT_FOUND_PAGE, PAGE_ROUTES, pageExport } from '../../src/shared/routes/route-table';
import { PAGE_MODULES } from '../../src/web/app/pageModules';

/*
 * The one route table (src/shared/routes/route-table.ts) the web router, the web's message loading
 * and the server's preloads read: what each of them takes for granted about it.
 */
const WEB = path.resolve('src/web');

describe('the route table', () => {
  it('has one row per path, written as the router nests it', () => {
    const paths = PAGE_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p, p).toMatch(/^[a-z0-9-]+(\/(:[a-zA-Z]+|[a-z0-9-]+))*$/);
  });

  it('names page modules that exist and export their component under the file name', () => {
    for (const { page } of [...PAGE_ROUTES, { page: NOT_FOUND_PAGE }]) {
      const file = path.join(WEB, page);
      expect(existsSync(file), page).toBe(true);
      expect(readFileSync(file, 'utf8'), page).toMatch(new RegExp(`export function ${pageExport(page)}\\b`));
    }
  });

  it("names exactly the router's lazily loaded page modules: none missing, none built for nothing", () => {
    const routed = [...PAGE_ROUTES.map((route) => route.page), NOT_FOUND_PAGE].sort();
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(routed);
  });

  it('lets each layout show its pages to its own audience', () => {
    for (const route of PAGE_ROUTES) {
      if (route.layout === 'public') expect(route.who, route.path).toContain('anonymous');
      if (route.layout === 'admin') expect(route.who, route.path).toEqual(['staff']);
      if (route.layout === 'signed-in') {
        expect(route.who, route.path).toContain('customer');
        // Staff reach a signed-in page only through the guard that lets them in (the account pages).
        if (route.guard === 'requireSignedIn') expect(route.who, route.path).toContain('staff');
        else expect(route.who, route.path).not.toContain('staff');
      }
    }
  });

  it('gives every signed-in page a loader that guards.ts exports, and the others none of their own', () => {
    const guards = readFileSync(path.join(WEB, 'app/guards.ts'), 'utf8');
    const exported = new Set([...guards.matchAll(/export async function (\w+)/g)].map((m) => m[1]));
    for (const route of PAGE_ROUTES) {
      const loader = guardOf(route);
      if (route.layout === 'signed-in') expect(exported.has(loader ?? ''), `${route.path}: ${loader}`).toBe(true);
      else expect(loader, route.path).toBeUndefined();
    }
    const byPath = (p: string) => PAGE_ROUTES.find((route) => route.path === p);
    expect(guardOf(byPath('services')!)).toBe('allowVisitor');
    expect(guardOf(byPath('documents')!)).toBe('requireCustomerPage');
    expect(guardOf(byPath('dashboard')!)).toBe('requireCustomer');
  });
});
