import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** `npm test` builds the web app first; a direct `vitest --project e2e` builds it here if missing. */
export default function setup() {
  if (existsSync(path.resolve('dist/web/index.html'))) return;
  const res = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('vite build failed');
}
