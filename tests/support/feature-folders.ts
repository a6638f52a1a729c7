import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PageRoute } from '../../src/shared/routes/page';

/*
 * The feature registry against the folders (decision 0101): what a feature has is found by its files'
 * names and places, so the registry's one line per feature must agree with them. Read from the disk by
 * tests/unit/feature-registry.test.ts, and from a stand-in tree to show that a missing line fails.
 */

export const SIDES = ['server', 'shared', 'web'] as const;
export type Side = (typeof SIDES)[number];

/** Each side's feature folders, each with the names of the files directly in it. */
export type FeatureTree = Record<Side, ReadonlyMap<string, readonly string[]>>;

/** `<root>/{server,shared,web}/features/*`, as the registry means them (`root` is normally `src`). */
export function readFeatureTree(root: string): FeatureTree {
  const side = (name: Side) => {
    const dir = path.join(root, name, 'features');
    const folders = new Map<string, readonly string[]>();
    if (!existsSync(dir)) return folders;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      folders.set(entry.name, readdirSync(path.join(dir, entry.name)));
    }
    return folders;
  };
  return { server: side('server'), shared: side('shared'), web: side('web') };
}

const REGISTRY = 'src/shared/features/registry.ts';

/**
 * What is wrong between the registry and the folders, one sentence each naming the folder and the fix;
 * empty when they agree.
 */
export function registryProblems(
  tree: FeatureTree,
  features: Readonly<Record<string, readonly PageRoute[]>>,
): string[] {
  const problems: string[] = [];
  const folders = new Set(SIDES.flatMap((side) => [...tree[side].keys()]));
  for (const name of [...folders].sort()) {
    if (name in features) continue;
    const where = SIDES.filter((side) => tree[side].has(name)).map((side) => `src/${side}/features/${name}`);
    problems.push(
      `${where.join(', ')} has no line in ${REGISTRY}: add one where its order belongs (its pages, or NO_PAGES).`,
    );
  }
  for (const [name, line] of Object.entries(features)) {
    if (!folders.has(name)) {
      problems.push(`${REGISTRY} names '${name}', but no src/{server,shared,web}/features/${name} folder exists.`);
      continue;
    }
    const server = tree.server.get(name) ?? [];
    if (line.length > 0 && !(tree.shared.get(name) ?? []).includes('manifest.ts')) {
      problems.push(
        `${name}'s line in ${REGISTRY} names pages, but src/shared/features/${name}/manifest.ts does not exist.`,
      );
    }
    if (line.length > 0 && !tree.web.has(name)) {
      problems.push(`${name}'s pages are modules of src/web/features/${name}, which does not exist.`);
    }
    // A folder with routes has its authorization-matrix rows, found by their file's name.
    if (server.some((f) => f.endsWith('.routes.ts')) && !server.includes(`${name}.matrix.ts`)) {
      problems.push(
        `src/server/features/${name} has routes but no ${name}.matrix.ts: every operation needs its row in the authorization matrix (decision 0093).`,
      );
    }
    // Files found by their name must carry the folder's.
    for (const kind of ['manifest', 'matrix', 'schema']) {
      for (const file of server.filter((f) => f.endsWith(`.${kind}.ts`) && f !== `${name}.${kind}.ts`)) {
        problems.push(`src/server/features/${name}/${file} would not be found: name it ${name}.${kind}.ts.`);
      }
    }
  }
  return problems;
}
