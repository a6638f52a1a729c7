import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile } from '../../support/e2e';
import { auditLanguage } from './a11y-kit';

/*
 * The public and customer pages in Turkish, at 1280 and 375 px. The walk was one file with the staff
 * pages and English (decision 0093); a staff page's title carries the staff area's name
 * (a11y-staff.spec.ts checks it), so a title unique here is unique among all pages.
 */

const e2e = serverAndBrowserForFile();

describe('accessibility of every page (axe, WCAG 2.1 AA and best practice)', () => {
  for (const lang of ['tr'] as const) {
    it(`the public and customer pages have no serious or critical violation, the right <html lang> and a unique <title> in ${lang}`, async () => {
      const { problems, titles } = await auditLanguage(e2e, lang, 'pages');
      expect(titles.size).toBeGreaterThan(20);
      // The list itself is the message: one line per rule and page, with the elements at fault.
      if (problems.length) expect.fail(`${problems.length} accessibility problems:\n${problems.join('\n')}`);
    });
  }
});
