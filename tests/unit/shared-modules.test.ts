import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every project shares modules between test files (isolate: false; decisions 0088 and 0108). A module mock
 * or a stubbed global in one file would then reach every file the same worker runs after it, so such files
 * must not use them; a seam the test swaps back in `finally` does the same job. A unit file may stub a
 * global it hands back with `vi.unstubAllGlobals()` (upload.test.ts stands in for XMLHttpRequest).
 */
const SHARED = /vi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;
const HANDED_BACK = /vi\.unstubAllGlobals\(\)/;

/** A unit file leaks state unless its only sharing call is a stubbed global it hands back. */
function unitFileLeaks(text: string): boolean {
  if (!SHARED.test(text)) return false;
  return SHARED.test(text.replaceAll('vi.stubGlobal(', '')) || !HANDED_BACK.test(text);
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('test files that share modules', () => {
  it('use no module mock and no stubbed global', () => {
    const shared = [
      ...filesUnder('src/server', (n) => n.endsWith('.test.ts') && !n.endsWith('.unit.test.ts')),
      ...filesUnder('tests/e2e', (n) => n.endsWith('.ts')),
      ...filesUnder('tests/support', (n) => n.endsWith('.ts')),
    ];
    expect(shared.length).toBeGreaterThan(50);
    expect(shared.filter((f) => SHARED.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
  it('in the unit projects, use no module mock, and hand back any global they stub', () => {
    const unit = [
      ...filesUnder('tests/unit', (n) => n.endsWith('.test.ts')),
      ...filesUnder('src/server', (n) => n.endsWith('.unit.test.ts')),
    ].filter((f) => !f.endsWith('shared-modules.test.ts'));
    expect(unit.length).toBeGreaterThan(50);
    expect(unit.filter((f) => unitFileLeaks(readFileSync(f, 'utf8')))).toEqual([]);
    expect(unitFileLeaks("vi.stubGlobal('X', y);")).toBe(true);
    expect(unitFileLeaks("vi.stubGlobal('X', y); afterAll(() => vi.unstubAllGlobals());")).toBe(false);
    expect(unitFileLeaks("vi.mock('../x'); afterAll(() => vi.unstubAllGlobals());")).toBe(true);
  });
  it('the rule sees a module mock', () => {
    expect(SHARED.test("vi.mock('../x', () => ({}))")).toBe(true);
    expect(SHARED.test('vi.fn(x)')).toBe(false);
  });
});
