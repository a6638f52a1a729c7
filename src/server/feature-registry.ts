import type { PersonalDataEntry } from '../shared/domain/personal-data';
import { FEATURES, hasServerManifest } from '../shared/features/registry';
import type { ServerFeature } from './platform/feature';

/*
 * The server's half of every feature (decisions 0079 and 0101): the registry is the one list in
 * src/shared/features/registry.ts, and a feature's line there says whether it has a server manifest,
 * src/server/features/<name>/<name>.manifest.ts, which this loads by that name. The app mounts each
 * feature's API routers, admin-door routers and outside paths in the registry's order (app.ts; the
 * registry names the paths where that order matters), and the personal-data registry is every
 * feature's entries.
 */

/** The features with a server manifest, in the registry's order. */
export const SERVER_FEATURE_NAMES: readonly string[] = Object.keys(FEATURES).filter((name) =>
  hasServerManifest(FEATURES[name]),
);

function isFeature(value: unknown, name: string): value is ServerFeature {
  return typeof value === 'object' && value !== null && (value as ServerFeature).name === name;
}

async function loadManifest(name: string): Promise<ServerFeature> {
  // Vite (the production build, Vitest) turns this pattern into the manifest files it matches, each
  // bundled; tsx (npm start outside production, the CLIs) imports the path as written. A manifest that is
  // not there fails the start, naming the file.
  const module: Record<string, unknown> = await import(`./features/${name}/${name}.manifest.ts`);
  const exported = Object.values(module).filter((value) => isFeature(value, name));
  if (exported.length !== 1) {
    throw new Error(
      `src/server/features/${name}/${name}.manifest.ts exports ${exported.length} ServerFeature objects named '${name}'; it must export one.`,
    );
  }
  return exported[0];
}

export const SERVER_FEATURES: readonly ServerFeature[] = await Promise.all(SERVER_FEATURE_NAMES.map(loadManifest));

/** The personal-data registry (decision 0077): every feature's entries, each named with its feature. */
export const PERSONAL_DATA: readonly PersonalDataEntry[] = SERVER_FEATURES.flatMap((feature) =>
  (feature.personalData ?? []).map((entry) => ({ feature: feature.name, ...entry })),
);
