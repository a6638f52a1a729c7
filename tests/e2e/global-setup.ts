import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test` builds the web app first; a direct `vitest --project e2e` builds it here if missing, with
 * the server entry that renders the signed-in pages' first view (decision 0095).
 */
export default function setup() {
  if (existsSync(path.resolve('dist/web/index.html')) && existsSync(path.resolve('dist/ssr/entry-server.js'))) return;
  const res = spawnSync(process.execPath, ['scripts/build.mjs', '--web', '--quiet'], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error('the web build failed');
}
