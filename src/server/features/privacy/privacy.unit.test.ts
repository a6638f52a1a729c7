import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_TEXT_VERSIONS, type LegalText } from '../../../shared/features/privacy/privacy.domain';
import { parseLegalText, unfilledParts } from '../../../shared/legal/markdown';
import { privacyNoticeSource } from '../../../shared/legal/privacy-notice';

const FILES: Record<LegalText, string> = { terms: 'terms', privacyNotice: 'privacy-notice' };
const read = (name: string) => readFileSync(path.resolve('src/shared/legal', name), 'utf8');

describe('the legal texts (decision 0046)', () => {
  for (const [text, file] of Object.entries(FILES) as [LegalText, string][]) {
    for (const lang of ['tr', 'en']) {
      it(`${file}.${lang}.md carries the version customers accept, a title and the operator's parts`, () => {
        const source = read(`${file}.${lang}.md`);
        // The notice's data list comes from the personal-data registry, as the page renders it (decision 0077).
        const rendered = text === 'privacyNotice' ? privacyNoticeSource(source, lang as 'tr' | 'en') : source;
        const parsed = parseLegalText(rendered, { formation: 'X', ein: 'Y' });
        expect(parsed.version).toBe(LEGAL_TEXT_VERSIONS[text]);
        expect(parsed.blocks[0]?.kind).toBe('title');
        expect(parsed.blocks.filter((b) => b.kind === 'heading').length).toBeGreaterThan(3);
        const unfilled = parsed.blocks.flatMap((b) => unfilledParts(b.text)).filter((p) => p.unfilled);
        expect(unfilled.length).toBeGreaterThan(0);
        // No interpolation is left unreplaced, and the notes for the operator are not shown.
        expect(parsed.blocks.some((b) => b.text.includes('{{') || b.text.includes('<!--'))).toBe(false);
      });
    }
  }

  it('splits a paragraph into plain runs and unfilled parts', () => {
    expect(unfilledParts('Unvan: [[OPERATOR: name]].')).toEqual([
      { text: 'Unvan: ', unfilled: false },
      { text: '[[OPERATOR: name]]', unfilled: true },
      { text: '.', unfilled: false },
    ]);
  });
});
