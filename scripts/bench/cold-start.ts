/**
 * Cold start: `npm start` on a fresh DATA_DIR (embedded PGlite, no DATABASE_URL) until /readyz answers,
 * then stopped and started again on the same directory (warm). Twice: as a new user meets it (no
 * settings: development, the server run from its TypeScript sources) and in production mode (the
 * compiled server that `npm run build` made, with the settings production requires).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startChild, waitForReady } from '../../tests/support/portal-process';

export interface ColdStart {
  mode: 'development' | 'production';
  coldMs: number;
  warmMs: number;
}

async function startOnce(dataDir: string, settings: Record<string, string>): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  // DATABASE_URL empty wins over a .env that names one: the embedded database is what is measured.
  const child = startChild(
    'npm',
    ['start', '--silent'],
    { ...settings, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
    'npm start',
  );
  try {
    const exited = new Promise<never>((_, reject) =>
      child.child.once('exit', (code) => reject(new Error(`npm start exited (${code})\n${child.output()}`))),
    );
    exited.catch(() => {});
    await Promise.race([waitForReady(`http://127.0.0.1:${port}/readyz`, 180_000), exited]);
    return performance.now() - t0;
  } finally {
    await child.stop();
  }
}

async function coldThenWarm(mode: ColdStart['mode'], settings: Record<string, string>): Promise<ColdStart> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cold-'));
  try {
    const coldMs = await startOnce(dataDir, settings);
    const warmMs = await startOnce(dataDir, settings);
    console.log(
      `npm start (${mode}): cold ${(coldMs / 1000).toFixed(1)} s, warm restart ${(warmMs / 1000).toFixed(1)} s`,
    );
    return { mode, coldMs, warmMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureColdStart(): Promise<ColdStart[]> {
  return [
    await coldThenWarm('development', { NODE_ENV: 'development' }),
    await coldThenWarm('production', {
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'warn',
    }),
  ];
}
