import { describe, expect, it } from 'vitest';
import { translate } from '../../../src/shared/i18n';
import { serverAndBrowserForFile } from '../../support/e2e';
import { auditLanguage } from './a11y-kit';

/*
 * The staff pages, Turkish at both widths and English at the phone's, each list holding the customer
 * the walk made. Their titles carry the staff area's name, which keeps them apart from the customer
 * pages' ("Hizmetler", "Destek" exist on both sides).
 */

const e2e = serverAndBrowserForFile();

describe('accessibility of every page (axe, WCAG 2.1 AA and best practice)', () => {
  for (const lang of ['tr', 'en'] as const) {
    it(`the staff pages have no serious or critical violation, the right <html lang>, and a unique <title> in the staff area in ${lang}`, async () => {
      const { problems, titles } = await auditLanguage(e2e, lang, 'staff');
      expect(titles.size).toBeGreaterThanOrEqual(10);
      const area = translate(lang, 'admin.area');
      for (const [route, title] of titles) expect(title, route).toContain(` · ${area} · `);
      // The list itself is the message: one line per rule and page, with the elements at fault.
      if (problems.length) expect.fail(`${problems.length} accessibility problems:\n${problems.join('\n')}`);
    });
  }
});
