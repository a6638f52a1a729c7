import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/web/lib/files';

// Written by hand (decision 0063): the texts must stay what Intl.NumberFormat says in each language.
describe('file sizes', () => {
  it('says KB or MB with at most one decimal, as Intl.NumberFormat writes it', () => {
    expect(formatFileSize(1_572_864, 'tr')).toBe('1,5 MB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    for (const lang of ['tr', 'en']) {
      const intl = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
      for (const bytes of [
        0, 1, 500, 1024, 348_160, 1_048_575, 1_048_576, 1_101_005, 1_205_862, 5_242_880, 10_485_760, 2_147_483_648,
      ]) {
        const expected =
          bytes >= 1024 * 1024
            ? `${intl.format(bytes / (1024 * 1024))} MB`
            : `${intl.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
        expect(formatFileSize(bytes, lang), `${bytes} ${lang}`).toBe(expected);
      }
    }
  });
});
