import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The API and browser projects share modules between test files (isolate: false, decision 0088). A module
 * mock or a stubbed global in one file would then reach every file the same worker runs after it, so
 * such files must not use them; a seam the test swaps back in `finally` does the same job.
 */
const SHARED = /vi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/;

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
  it('the rule sees a module mock', () => {
    expect(SHARED.test("vi.mock('../x', () => ({}))")).toBe(true);
    expect(SHARED.test('vi.fn(x)')).toBe(false);
  });
});
