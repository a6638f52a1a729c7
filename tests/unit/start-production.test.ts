import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

// scripts/start.mjs finds the build beside itself, so a copy in an empty directory has none.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'start-'));
  mkdirSync(path.join(dir, 'scripts'));
  copyFileSync(path.resolve('scripts/start.mjs'), path.join(dir, 'scripts/start.mjs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(cwd: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(dir, 'scripts/start.mjs')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 10_000,
  });
}

it('refuses to start in production without the compiled build, and says how to make it', () => {
  const res = start(dir, { NODE_ENV: 'production' });
  expect(res.status).toBe(1);
  expect(res.stderr).toContain('run `npm run build` first');
  expect(res.stderr).toContain('dist/server/main.js');
  // Neither vite nor tsx: nothing was built and nothing ran from sources.
  expect(res.stdout).not.toContain('Building');
});

it('takes NODE_ENV from .env in the working directory, as the server does', () => {
  const cwd = path.join(dir, 'site');
  mkdirSync(cwd);
  writeFileSync(path.join(cwd, '.env'), 'PORT=3000\nNODE_ENV="production"\n');
  const res = start(cwd, {});
  expect(res.status).toBe(1);
  expect(res.stderr).toContain('run `npm run build` first');
});
