import { existsSync } from 'node:fs';
import type { PersonalDataEntry } from '../shared/domain/personal-data';
import { FEATURES } from '../shared/features/registry';
import type { ServerFeature } from './platform/feature';
import { firstCallsOf } from './platform/first-calls';

/*
 * The server's half of every feature (decisions 0079 and 0101). The registry is the one list in
 * src/shared/features/registry.ts; a feature's server manifest is found by its name and place,
 * src/server/features/<name>/<name>.manifest.ts, as its matrix rows and tables are. The app mounts each
 * feature's API routers, admin-door routers and outside paths in the registry's order (app.ts; the
 * registry names the paths where that order matters), and the personal-data registry is every
 * feature's entries.
 */

type Loader = () => Promise<unknown>;

/**
 * Each manifest's loader by its path. Vite (the production build, Vitest) replaces this call with the
 * files the pattern matches, bundled; tsx (npm start outside production, the CLIs, the child portals of
 * the tests) has no such call, and the sources are on the disk beside this file.
 */
function manifestLoaders(): Record<string, Loader> | null {
  try {
    return import.meta.glob('./features/*/*.manifest.ts');
  } catch {
    return null;
  }
}

const LOADERS = manifestLoaders();

function loaderOf(name: string): Loader | undefined {
  const file = `./features/${name}/${name}.manifest.ts`;
  if (LOADERS) return LOADERS[file];
  const url = new URL(file, import.meta.url);
  return existsSync(url) ? () => import(/* @vite-ignore */ url.href) : undefined;
}

function isFeature(value: unknown, name: string): value is ServerFeature {
  return typeof value === 'object' && value !== null && (value as ServerFeature).name === name;
}

async function load(name: string, loader: Loader): Promise<ServerFeature> {
  const exported = Object.values((await loader()) as Record<string, unknown>).filter((v) => isFeature(v, name));
  if (exported.length !== 1) {
    throw new Error(
      `src/server/features/${name}/${name}.manifest.ts exports ${exported.length} ServerFeature objects named '${name}'; it must export one.`,
    );
  }
  return exported[0];
}

/** Every feature's server manifest, in the registry's order. */
export const SERVER_FEATURES: readonly ServerFeature[] = await Promise.all(
  Object.keys(FEATURES).flatMap((name) => {
    const loader = loaderOf(name);
    return loader ? [load(name, loader)] : [];
  }),
);

/** The personal-data registry (decision 0077): every feature's entries, each named with its feature. */
export const PERSONAL_DATA: readonly PersonalDataEntry[] = SERVER_FEATURES.flatMap((feature) =>
  (feature.personalData ?? []).map((entry) => ({ feature: feature.name, ...entry })),
);

/** Each page's first calls (decision 0104): every feature's declarations for it, by the page's route path. */
export const FIRST_CALLS = firstCallsOf(SERVER_FEATURES);
