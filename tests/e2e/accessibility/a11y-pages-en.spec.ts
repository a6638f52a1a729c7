import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile } from '../../support/e2e';
import { auditLanguage } from './a11y-kit';

/*
 * The public and customer pages in English, at the phone's width only (decision 0045).
 */

const e2e = serverAndBrowserForFile();

describe('accessibility of every page (axe, WCAG 2.1 AA and best practice)', () => {
  for (const lang of ['en'] as const) {
    it(`the public and customer pages have no serious or critical violation, the right <html lang> and a unique <title> in ${lang}`, async () => {
      const { problems, titles } = await auditLanguage(e2e, lang, 'pages');
      expect(titles.size).toBeGreaterThan(20);
      // The list itself is the message: one line per rule and page, with the elements at fault.
      if (problems.length) expect.fail(`${problems.length} accessibility problems:\n${problems.join('\n')}`);
    });
  }
});
