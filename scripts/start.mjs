#!/usr/bin/env node
// `npm start`. In production (NODE_ENV=production, from the environment or .env) it runs the server
// that `npm run build` compiled, with plain node, and refuses when that build is missing: production
// never needs vite or tsx. Elsewhere it builds the web app when missing or older than its sources, then
// runs the server from its TypeScript sources, so that `npm install && npm start` works on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webIndex = path.join(root, 'dist/web/index.html');
const compiledServer = path.join(root, 'dist/server/main.js');

function nodeEnv() {
  if (process.env.NODE_ENV) return process.env.NODE_ENV;
  const file = path.join(process.cwd(), '.env');
  if (!existsSync(file)) return undefined;
  // The server reads .env itself (env.ts); this only needs to know which way to start it.
  const line = readFileSync(file, 'utf8').match(/^\s*(?:export\s+)?NODE_ENV\s*=\s*['"]?(\w+)/m);
  return line?.[1];
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function run(args) {
  const server = spawn(process.execPath, args, { cwd: process.cwd(), stdio: 'inherit', env: process.env });
  for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.kill(sig));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (nodeEnv() === 'production') {
  const missing = [compiledServer, webIndex].filter((f) => !existsSync(f));
  if (missing.length) {
    console.error(
      `The production build is missing (${missing.map((f) => path.relative(root, f)).join(', ')}): run \`npm run build\` first.`,
    );
    process.exit(1);
  }
  // In this process rather than a child: one process for a supervisor to signal and to measure.
  await import(pathToFileURL(compiledServer).href);
} else {
  const sources = Math.max(
    newestMtime(path.join(root, 'src/web')),
    newestMtime(path.join(root, 'src/shared')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < sources) {
    console.log('Building the web app…');
    const res = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--web', '--quiet'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  run(['--import', 'tsx', path.join(root, 'src/server/main.ts')]);
}
