import type { FeatureMatrix } from '../../../tests/support/matrix-rows';
import { FEATURES } from '../../shared/features/registry';

/*
 * Every feature's rows of the authorization matrix (decision 0093), found by their file's name and
 * place, src/server/features/<f>/<f>.matrix.ts, as Vitest (Vite) collects them: nothing to list (decision
 * 0101). Test data only: the server never imports this file or the matrix files.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../features/*/*.matrix.ts', { eager: true });

/** A matrix file's feature and its one exported function of the matrix's environment. */
function matrixOf(file: string, module: Record<string, unknown>): [string, FeatureMatrix] {
  const [, folder, base] = /^\.\.\/features\/([^/]+)\/([^/]+)\.matrix\.ts$/.exec(file) ?? [];
  const functions = Object.values(module).filter((v): v is FeatureMatrix => typeof v === 'function');
  if (folder !== base || functions.length !== 1) {
    throw new Error(
      `${file}: a matrix file is features/<f>/<f>.matrix.ts and exports one function of the matrix's environment`,
    );
  }
  if (!(folder in FEATURES)) throw new Error(`${file}: ${folder} has no line in src/shared/features/registry.ts`);
  return [folder, functions[0]];
}

/**
 * The rows by feature, in the registry's order, which is the order they run in: a row without `fresh`
 * may find what an earlier row left, so a feature whose rows share B's records keeps its place there.
 */
const ORDER = Object.keys(FEATURES);
export const FEATURE_MATRICES: Readonly<Record<string, FeatureMatrix>> = Object.fromEntries(
  Object.entries(FILES)
    .map(([file, module]) => matrixOf(file, module))
    .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b)),
);
