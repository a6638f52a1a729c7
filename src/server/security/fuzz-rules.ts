import type { FeatureFuzzRules } from '../../../tests/support/fuzz-rules';
import { FEATURES } from '../../shared/features/registry';

/*
 * Every feature's fuzz rules, found by their file's name and place, src/server/features/<f>/<f>.fuzz.ts,
 * as Vitest (Vite) collects them, like the matrix rows (decision 0101). Test data only.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../features/*/*.fuzz.ts', { eager: true });

function rulesOf(file: string, module: Record<string, unknown>): FeatureFuzzRules {
  const [, folder, base] = /^\.\.\/features\/([^/]+)\/([^/]+)\.fuzz\.ts$/.exec(file) ?? [];
  const values = Object.values(module).filter((v): v is FeatureFuzzRules => typeof v === 'object' && v !== null);
  if (folder !== base || values.length !== 1) {
    throw new Error(`${file}: a fuzz file is features/<f>/<f>.fuzz.ts and exports one object of FeatureFuzzRules`);
  }
  if (!(folder in FEATURES)) throw new Error(`${file}: ${folder} has no line in src/shared/features/registry.ts`);
  return values[0];
}

const ALL = Object.entries(FILES).map(([file, module]) => rulesOf(file, module));

/** Operation → the tables its refusals may write besides the rate-limit counters. */
export const REFUSAL_WRITES: ReadonlyMap<string, readonly string[]> = new Map(
  ALL.flatMap((rules) => Object.entries(rules.refusalWrites ?? {})),
);

/** GETs whose success records itself. */
export const RECORDED_DOWNLOADS: ReadonlySet<string> = new Set(ALL.flatMap((rules) => rules.recordedDownloads ?? []));
