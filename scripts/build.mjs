#!/usr/bin/env node
// `npm run build`: the web app (vite) with precompressed siblings into dist/web, and the server
// compiled to plain JavaScript into dist/server, so that production starts with `node` alone.
// `--web` builds the web app only (what `npm start` does outside production).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { compressDir } from './build/compress.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webOnly = process.argv.includes('--web');
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';

await build({ configFile: path.join(root, 'vite.config.ts'), logLevel });
// The server entry that renders a signed-in page's first view (decision 0095) into dist/ssr, which the
// server imports once; the same config, whose SSR branch swaps the browser's singletons for twins.
await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel,
  build: { ssr: path.join(root, 'src/web/entry-server.tsx') },
});
checkRuntimeImports(path.join(root, 'dist/ssr/entry-server.js'));
const compressed = compressDir(path.join(root, 'dist/web'));
const sum = (key) => compressed.reduce((n, f) => n + f[key], 0);
console.log(
  `compressed ${compressed.length} files: ${kb(sum('bytes'))} → ${kb(sum('gz'))} gzip, ${kb(sum('br'))} brotli`,
);

if (!webOnly) {
  const outDir = path.join(root, 'dist/server');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root,
    logLevel,
    mode: 'production',
    build: {
      // Packages stay in node_modules (an SSR build externalises them); only our code is bundled.
      ssr: 'src/server/main.ts',
      outDir,
      target: 'node20',
      minify: false,
      sourcemap: true,
      // One file: the feature registry imports each server manifest by its folder's name (decision 0101),
      // which would otherwise make a chunk per manifest; checkRuntimeImports reads main.js alone.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  // db/client.ts finds its migrations beside itself (import.meta.url); in the bundle that is dist/server.
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  checkRuntimeImports(path.join(outDir, 'main.js'));
}

/**
 * Production may install `dependencies` only: a package the compiled server, or the web build's server
 * entry, imports from `devDependencies` would work here and fail there, so the build fails now instead.
 */
function checkRuntimeImports(file) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const code = readFileSync(file, 'utf8');
  // Top-level `import … from "x"` and `import("x")`, as Rolldown writes them; not text that looks alike.
  const pattern = /^import\s(?:[^;]*?\sfrom\s*)?"([@a-z0-9][\w./@-]*)";$|\bimport\("([@a-z0-9][\w./@-]*)"\)/gm;
  const specifiers = [...code.matchAll(pattern)].map((m) => m[1] ?? m[2]);
  const packages = new Set(
    specifiers
      .filter((s) => !s.startsWith('node:'))
      .map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
  const missing = [...packages].filter((p) => !pkg.dependencies?.[p]);
  if (missing.length) {
    console.error(`The compiled server imports packages that are not in "dependencies": ${missing.join(', ')}`);
    process.exit(1);
  }
}

function kb(n) {
  return `${(n / 1024).toFixed(0)} KB`;
}
