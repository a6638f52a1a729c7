import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesForPath, pageRouteForPath } from '../../src/server/platform/http/route-modules';
import { FIRST_VIEW_PATHS, FIRST_VIEW_SLOT } from '../../src/shared/routes/first-view';

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
});
