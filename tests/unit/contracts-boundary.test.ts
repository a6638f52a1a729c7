import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API contracts (src/shared/features/<f>/<name>.contracts.ts, and src/shared/contracts) are built with @hono/zod-openapi for the server's document.
 * The web reads only their types: a value import would put zod and the OpenAPI layer in the bundle.
 */

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Each import or export statement of a file that names a contract module. */
function contractImports(source: string): string[] {
  const statements =
    source.match(/^(?:import|export)\b[^;]*?from\s+'[^']*(?:shared\/contracts\/[^']*|\.contracts)';/gms) ?? [];
  return statements.map((s) => s.replace(/\s+/g, ' '));
}

function isTypeOnly(statement: string): boolean {
  return /^(?:import|export) type\b/.test(statement);
}

describe('the web imports the API contracts as types only', () => {
  it('tells a type-only import from one that loads the module', () => {
    const [typeOnly, valued, inlineType] = contractImports(
      [
        "import type { SupportThread } from '../../../../shared/features/support/support.contracts';",
        "import { supportThreadSchema } from '../../../../shared/features/support/support.contracts';",
        "import { type SupportThread } from '../../../../shared/features/support/support.contracts';",
      ].join('\n'),
    );
    expect(isTypeOnly(typeOnly)).toBe(true);
    expect(isTypeOnly(valued)).toBe(false);
    // `import { type X }` still loads the module under some compilers' settings: not allowed either.
    expect(isTypeOnly(inlineType)).toBe(false);
  });

  it('no file under src/web loads a contract module', () => {
    const offenders = sourceFiles(path.join(root, 'src/web')).flatMap((file) =>
      contractImports(readFileSync(file, 'utf8'))
        .filter((statement) => !isTypeOnly(statement))
        .map((statement) => `${path.relative(root, file)}: ${statement}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the web does read the contracts (the check above looks at real imports)', () => {
    const readers = sourceFiles(path.join(root, 'src/web')).filter(
      (file) => contractImports(readFileSync(file, 'utf8')).length > 0,
    );
    expect(readers.length).toBeGreaterThan(0);
  });
});
