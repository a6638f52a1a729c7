import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstViewModules, modulesForPath, pageRouteForPath } from '../../src/server/platform/http/route-modules';
import { FIRST_VIEW_LOADER, scriptsAfterPaint } from '../../src/server/platform/http/static-files';
import { FIRST_VIEW_PATHS, FIRST_VIEW_SLOT } from '../../src/shared/routes/first-view';
import { FIRST_VIEW_MODULE, GUARDS_MODULE } from '../../src/shared/routes/route-table';

describe('the pages rendered on the server (decision 0095)', () => {
  it('are signed-in or admin pages of the route table, never a public one (its 120 KB budget stays)', () => {
    for (const p of FIRST_VIEW_PATHS) {
      expect(modulesForPath(p), p).not.toBeNull();
      expect(pageRouteForPath(p)?.layout, p).not.toBe('public');
    }
  });

  it('have their place in index.html: the loading indicator, between the markers the server replaces', () => {
    const html = readFileSync(path.resolve('src/web/index.html'), 'utf8');
    const slot = FIRST_VIEW_SLOT.exec(html)?.[0] ?? '';
    expect(slot).toContain('data-boot-status');
    expect(html).toContain(`<div id="root">${slot}</div>`);
  });

  it("list a page's scripts as data for the loader, which fetches them once the view has painted", () => {
    const html = [
      '<html>',
      '  <head>',
      '    <script type="module" crossorigin src="/assets/index-A.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/B.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/web.css">',
      '    <link rel="modulepreload" crossorigin href="/assets/C.js">',
      '  </head>',
      '</html>',
    ].join('\n');
    const out = scriptsAfterPaint(html);
    expect(out).not.toContain('index-A.js"></script>');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/web.css">');
    expect(out).toContain(
      '<script type="application/json" id="first-view-scripts">{"entry":"/assets/index-A.js","preload":["/assets/B.js","/assets/C.js"]}</script>',
    );
    expect(out).toContain(`<script type="module" src="${FIRST_VIEW_LOADER}"></script>\n  </head>`);
    // A page without an entry is left as it is.
    expect(scriptsAfterPaint('<html><head></head></html>')).toBe('<html><head></head></html>');
  });

  it('preload their hydration instead of the guards, whose loaders do not run on them', () => {
    const modules = modulesForPath('/dashboard')?.modules ?? [];
    expect(modules).toContain(GUARDS_MODULE);
    const own = firstViewModules(modules);
    expect(own).toContain(FIRST_VIEW_MODULE);
    expect(own).not.toContain(GUARDS_MODULE);
  });
});
