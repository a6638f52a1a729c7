import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One name per thing (decision 0041): feature folders are kebab-case, every file of a server feature says
 * what it is by its suffix (`<name>.<role>.ts`), and the names the concepts had before they were
 * agreed do not come back. platform/, db/ and security/ keep plain names: their modules are generic
 * (csv.ts, audit.ts, search.ts), not parts of a feature.
 */

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * What a server feature's file may be. routes: its API operations; service: the work; mapper: rows
 * to API shapes; fixtures: test data its tests (and the matrix) share; matrix: its rows of the authorization
 * matrix (decision 0093); seed: example rows; csv: an
 * export's columns and file name; instance: a configured library object (better-auth); manifest: what
 * the feature registers (decision 0079); fuzz: its operations' deliberate side effects for the fuzz walk
 * (decision 0093).
 */
const SERVER_ROLES = [
  'routes',
  'service',
  'mapper',
  'fixtures',
  'matrix',
  'seed',
  'csv',
  'instance',
  'manifest',
  'fuzz',
] as const;
/** The API tests (PGlite and PostgreSQL), the unit tests, and what only PostgreSQL can show. */
const SERVER_TESTS = ['test', 'unit.test', 'postgres.test'] as const;
const SERVER_FILE = new RegExp(
  `^[a-z0-9]+(?:-[a-z0-9]+)*\\.(?:${[...SERVER_ROLES, ...SERVER_TESTS].map((r) => r.replace('.', '\\.')).join('|')})\\.ts$`,
);

/** Folder names retired by the agreed names: formations, turnkey, ss4, timeline, users. */
const RETIRED = ['admin-formations', 'formation-service', 'formationService', 'ss4-generate', 'notices', 'admin-users'];

function walk(dir: string): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      folders.push(full);
      const inner = walk(full);
      folders.push(...inner.folders);
      files.push(...inner.files);
    } else files.push(full);
  }
  return { folders, files };
}

const SERVER_FEATURES = path.resolve('src/server/features');
const server = walk(SERVER_FEATURES);
const relative = (p: string) => path.relative(process.cwd(), p);

describe('server feature names', () => {
  it('finds the features it checks', () => {
    expect(server.folders.map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(['formations', 'turnkey', 'ss4', 'timeline', 'users', 'short-links']),
    );
  });

  it('names every folder in kebab-case', () => {
    expect(server.folders.filter((f) => !KEBAB.test(path.basename(f))).map(relative)).toEqual([]);
  });

  it('gives every file a role suffix: <name>.<role>.ts', () => {
    // Beside them, a feature's index.ts: what other features may import of it (decision 0082).
    const isIndex = (f: string) => path.basename(f) === 'index.ts' && path.dirname(path.dirname(f)) === SERVER_FEATURES;
    expect(server.files.filter((f) => !isIndex(f) && !SERVER_FILE.test(path.basename(f))).map(relative)).toEqual([]);
  });

  it('keeps no folder under a retired name', () => {
    expect(server.folders.filter((f) => RETIRED.includes(path.basename(f))).map(relative)).toEqual([]);
  });

  it('refuses what the rules are meant to refuse', () => {
    const names = [
      'calendar-feed.ts',
      'ss4Generate.service.ts',
      'link-cache.cache.ts',
      'a.service.tsx',
      'ok.routes.ts',
    ];
    expect(names.filter((name) => SERVER_FILE.test(name))).toEqual(['ok.routes.ts']);
    const tests = ['link-cache.postgres.test.ts', 'ss4-mapper.unit.test.ts', 'x.e2e.test.ts', 'x.spec.ts'];
    expect(tests.filter((name) => SERVER_FILE.test(name))).toEqual(tests.slice(0, 2));
    expect(['formationService', 'ShortLinks', 'short_links', 'short-links'].filter((n) => KEBAB.test(n))).toEqual([
      'short-links',
    ]);
  });
});

/** The web's retired folder names (decision 0041): the screens moved into their features. */
const WEB_RETIRED = [...RETIRED, 'admin', 'shortLinks', 'formation'];

describe('web feature names', () => {
  const WEB_FEATURES = path.resolve('src/web/features');
  const web = walk(WEB_FEATURES);
  const topLevel = readdirSync(WEB_FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory());

  it('finds the features it checks', () => {
    expect(topLevel.map((e) => e.name)).toEqual(
      expect.arrayContaining(['formations', 'turnkey', 'ss4', 'users', 'short-links', 'staff', 'audit']),
    );
  });

  it('names every folder in kebab-case', () => {
    expect(web.folders.filter((f) => !KEBAB.test(path.basename(f))).map(relative)).toEqual([]);
  });

  it('keeps no feature under a retired name; admin screens live in features/<domain>/admin', () => {
    expect(topLevel.filter((e) => WEB_RETIRED.includes(e.name)).map((e) => e.name)).toEqual([]);
  });
});
