/*
 * The import rules a reviewer should not have to remember (decision 0082), run by `npm run lint` and by
 * `npm test`'s lint step:
 * - no import circle in src/, type-only and lazy `import()` edges included;
 * - a feature reaches another feature only through that feature's index
 *   (src/{server,web}/features/<name>/index.ts); its tests and test fixtures may reach further.
 * dpdm reads the imports with its own TypeScript 5 parser (the project's TypeScript 7 has no JS API).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';

const FEATURE = /^src\/(server|web)\/features\/([^/]+)\/(.+)$/;
/**
 * Tests and the fixtures only tests load may set up another feature's state from the inside; so may a
 * feature's rows of the authorization matrix (`<f>.matrix.ts`, decision 0093), which only the matrix loads.
 */
const TEST_FILE = /\.(?:test|spec)\.tsx?$|\.(?:fixtures|matrix)\.ts$/;
const INDEX = /^index\.tsx?$/;

export interface Bypass {
  importer: string;
  imported: string;
}

function featureOf(file: string): { layer: string; name: string; rest: string } | null {
  const m = FEATURE.exec(file.split(path.sep).join('/'));
  return m ? { layer: m[1]!, name: m[2]!, rest: m[3]! } : null;
}

/** Each import from inside one feature into another feature's files other than its index. */
export function findBypasses(tree: DependencyTree): Bypass[] {
  const found: Bypass[] = [];
  for (const [importer, deps] of Object.entries(tree)) {
    const from = featureOf(importer);
    if (!from || !deps || TEST_FILE.test(importer)) continue;
    for (const dep of deps) {
      const to = dep.id ? featureOf(dep.id) : null;
      if (!to || (to.layer === from.layer && to.name === from.name)) continue;
      if (!INDEX.test(to.rest)) found.push({ importer, imported: dep.id! });
    }
  }
  return found;
}

/** Every import circle, each once; an edge that only carries types counts (it still ties the files). */
export function findCircles(tree: DependencyTree): string[][] {
  return parseCircular(tree, false);
}

/**
 * An index only re-exports its own feature's modules (`export { a } from './a'`): the web build reads such
 * an index lazily and brings an importer only what it names (vite.config.ts), and an index with code of its
 * own would run for every importer.
 */
export function isPureIndex(source: string): boolean {
  const rest = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/export\s+(?:type\s+)?\{[^}]*\}\s*from\s*'\.\/[^']+';/g, '');
  return rest.trim() === '';
}

/** dpdm drops an import marked `@dpdm-ignore`; here no import may be hidden from the check that way. */
export function findIgnoreMarks(files: string[]): string[] {
  return files.filter((file) => readFileSync(file, 'utf8').includes('@dpdm-ignore'));
}

export async function readTree(cwd: string): Promise<DependencyTree> {
  return parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx'], {
    cwd,
    context: cwd,
    transform: false,
    skipDynamicImports: false,
    onProgress: () => {},
  });
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const tree = await readTree(root);
  const files = Object.keys(tree).filter((f) => f.startsWith('src/'));
  const circles = findCircles(tree);
  const bypasses = findBypasses(tree);
  const marks = findIgnoreMarks(files.map((f) => path.join(root, f)));
  const impure = files.filter(
    (f) => featureOf(f)?.rest === 'index.ts' && !isPureIndex(readFileSync(path.join(root, f), 'utf8')),
  );
  for (const circle of circles) console.error(`import circle: ${[...circle, circle[0]].join(' -> ')}`);
  for (const b of bypasses) console.error(`bypasses the index: ${b.importer} -> ${b.imported}`);
  for (const m of marks) console.error(`hides an import from the boundary check (@dpdm-ignore): ${m}`);
  for (const f of impure) console.error(`an index holds more than re-exports of its own files: ${f}`);
  const problems = circles.length + bypasses.length + marks.length + impure.length;
  console.log(
    `boundaries: ${files.length} files, ${circles.length} import circles, ${bypasses.length} index bypasses` +
      (marks.length ? `, ${marks.length} hidden imports` : '') +
      (impure.length ? `, ${impure.length} indexes with code` : ''),
  );
  if (problems > 0) {
    console.error('See decision 0082: break the circle, or import the other feature through its index.ts.');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
