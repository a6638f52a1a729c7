import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Code comments cite the product's rules by a heading of docs/product.md or by a decision record
 * (docs/product.md says how): never the first specification, which is not in
 * the repository, and never an issue number, which ages. A cited heading must exist.
 */

const files = execFileSync('git', ['ls-files', 'src', 'tests', 'scripts'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f));
const sources = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

const anchors = new Set(
  readFileSync('docs/product.md', 'utf8')
    .split('\n')
    .filter((line) => /^#{2,4} /.test(line))
    .map((line) => anchorOf(line.replace(/^#+ /, ''))),
);

// Written in pieces so this file does not match itself.
const SPEC_SECTION = new RegExp(`SPEC ${'\u00a7'}`);
const ISSUE_NUMBER = new RegExp(`\\b[Ii]${'ssue'} #?\\d+`);

describe('references in code', () => {
  it('reads the files and the headings it checks', () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(anchors).toContain('ein-states');
    expect(anchorOf('SS-4 instructions')).toBe('ss-4-instructions');
  });

  it('cites no section of the first specification and no issue number', () => {
    const offending = sources.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => SPEC_SECTION.test(line) || ISSUE_NUMBER.test(line))
        .map(({ at }) => at),
    );
    expect(offending).toEqual([]);
  });

  it('cites only headings docs/product.md has', () => {
    const missing = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/product\.md#([a-z0-9-]+)/g)].filter((m) => !anchors.has(m[1])).map((m) => `${file}: #${m[1]}`),
    );
    expect(missing).toEqual([]);
  });
});
