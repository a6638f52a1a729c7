import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dependency, DependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { findBypasses, findCircles, isPureIndex, readTree } from '../../scripts/boundaries';

/*
 * The rules `npm run lint` applies to the real tree (scripts/boundaries.ts, decision 0082), shown on small
 * trees: each one that must fail does. The lint step itself proves the real tree clean.
 */

function tree(edges: Record<string, string[]>): DependencyTree {
  return Object.fromEntries(
    Object.entries(edges).map(([issuer, ids]) => [
      issuer,
      ids.map((id): Dependency => ({ issuer, request: id, id, kind: 'StaticImport' as Dependency['kind'] })),
    ]),
  );
}

describe('the import boundaries', () => {
  it('refuses a feature reaching into another feature past its index', () => {
    const bypasses = findBypasses(
      tree({
        'src/server/features/renewals/renewals.service.ts': [
          'src/server/features/payments/checkout.service.ts',
          'src/server/features/payments/index.ts',
          'src/server/features/renewals/renewals.mapper.ts',
          'src/server/platform/clock.ts',
        ],
        'src/web/features/users/admin/UserOrders.tsx': [
          'src/web/features/payments/components/PaymentStatusBadge.tsx',
          'src/web/features/payments/index.ts',
        ],
      }),
    );
    expect(bypasses).toEqual([
      {
        importer: 'src/server/features/renewals/renewals.service.ts',
        imported: 'src/server/features/payments/checkout.service.ts',
      },
      {
        importer: 'src/web/features/users/admin/UserOrders.tsx',
        imported: 'src/web/features/payments/components/PaymentStatusBadge.tsx',
      },
    ]);
  });

  it('lets tests, fixtures, matrix rows and code outside the features reach any file', () => {
    const internal = 'src/server/features/ein/ein.service.ts';
    expect(
      findBypasses(
        tree({
          'src/server/features/audit/audit-readers.test.ts': [internal],
          'src/server/features/support/support.fixtures.ts': [internal],
          'src/server/features/documents/documents.matrix.ts': [internal],
          'src/server/app.ts': [internal],
          'src/web/app/router.tsx': ['src/web/features/ein/pages/EinPage.tsx'],
        }),
      ),
    ).toEqual([]);
  });

  it('finds a circle', () => {
    const circular = tree({
      'src/server/features/payments/fulfil.service.ts': ['src/server/features/renewals/index.ts'],
      'src/server/features/renewals/index.ts': ['src/server/features/renewals/renewals.service.ts'],
      'src/server/features/renewals/renewals.service.ts': ['src/server/features/payments/fulfil.service.ts'],
    });
    expect(findCircles(circular)).toHaveLength(1);
    const straight = tree({
      'src/server/features/renewals/renewals.service.ts': ['src/server/features/payments/index.ts'],
      'src/server/features/payments/index.ts': [],
    });
    expect(findCircles(straight)).toEqual([]);
  });

  it('reads type-only and lazy imports as edges, so a circle of them is found too', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
    try {
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src/a.ts'), "import type { B } from './b';\nexport type A = { b?: B };\n");
      writeFileSync(path.join(dir, 'src/b.ts'), "export type B = 1;\nexport const load = () => import('./a');\n");
      expect(findCircles(await readTree(dir)).map((circle) => circle.toSorted())).toEqual([['src/a.ts', 'src/b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an index to re-exports of its own files', () => {
    const header = '/*\n * What others use.\n */\n';
    expect(isPureIndex(`${header}export { a, b } from './a';\nexport type {\n  C,\n  D,\n} from './lib/c';\n`)).toBe(
      true,
    );
    expect(isPureIndex(`${header}export { a } from './a';\nexport const load = () => import('./b');\n`)).toBe(false);
    expect(isPureIndex("export { a } from '../other/a';\n")).toBe(false);
  });
});
