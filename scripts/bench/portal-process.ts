/**
 * The portal as `npm start` runs it, in a child process of its own (so that its memory and CPU are its
 * own and the load generator in the bench process does not share its event loop), plus the small process
 * helpers the benchmark steps share: free ports, /readyz polling and resident memory read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitForReady(url: string, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Resident set size of one process in MB, from /proc (0 once it has gone). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
      if (task) children.push(Number(task));
    }
  } catch {
    return [];
  }
  children = children.flatMap((c) => [c, ...descendants(c)]);
  return children;
}

/** Samples a process's RSS every `everyMs` until stopped; gives the peak and the first sample. */
export function sampleRss(pid: number, everyMs = 20) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    before,
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssMb(pid));
      return { beforeMb: before, peakMb: peak, growthMb: peak - before };
    },
  };
}

export interface PortalProcess {
  base: string;
  /** The process that serves HTTP (the launcher's child when `npm start` launches it in a second process). */
  serverPid: number;
  adminCode: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Every child started through this module, for the bench's cleanup on any exit. */
export function killAllStarted() {
  for (const child of running) killGroup(child, 'SIGKILL');
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Starts a command as a process group leader, so that stopping it stops what it launched too. */
export function startChild(command: string, args: string[], env: Record<string, string>, logPrefix: string) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => `${logPrefix}: ${tail}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface PortalOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Extra settings (they win over the defaults below). */
  env?: Record<string, string>;
  /** Node's arguments instead of `scripts/start.mjs` (profile-route.ts runs the compiled server with --cpu-prof). */
  nodeArgs?: string[];
}

/**
 * `node scripts/start.mjs` (what `npm start` runs, without npm's own process in between) in production
 * mode with the settings production requires, on a free port; resolves once /readyz answers.
 */
export async function startPortal(opts: PortalOptions): Promise<PortalProcess & { readyMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const adminCode = `bench-admin-code-${randomBytes(8).toString('hex')}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: opts.dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ADMIN_SIGNUP_CODE: adminCode,
    LOG_LEVEL: 'warn',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const proc = startChild(process.execPath, opts.nodeArgs ?? [path.join(ROOT, 'scripts/start.mjs')], env, 'portal');
  const exited = new Promise<never>((_, reject) =>
    proc.child.once('exit', (code) => reject(new Error(`portal exited (${code}) before /readyz\n${proc.output()}`))),
  );
  exited.catch(() => {});
  const readyMs = await Promise.race([waitForReady(`${base}/readyz`), exited]);
  const pid = proc.child.pid as number;
  // The launcher starts the server as its child; the server is the process that holds the most memory.
  const tree = [pid, ...descendants(pid)];
  const serverPid = tree.reduce((a, b) => (rssMb(b) > rssMb(a) ? b : a));
  return { base, serverPid, adminCode, readyMs, stop: proc.stop };
}
