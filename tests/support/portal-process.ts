/**
 * The portal in a child process of its own, the one launcher of the tests and the bench (decision 0101):
 * the scale-out, body-memory and database-outage tests start the TypeScript sources as `npm start` runs
 * them outside production; the bench starts `npm start` in production (the compiled server), so that the
 * load generator does not share the server's event loop. Plus the process helpers the bench shares: free
 * ports, /readyz polling, resident memory from /proc, and children started as process groups.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A log line of the server (pino JSON) as parsed; lines that are not JSON are kept as `{ msg }`. */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface PortalOptions {
  /** Names the process in errors. */
  name?: string;
  /** The server's settings; they win over those the options below make. */
  env?: Record<string, string>;
  /**
   * Hand this process's environment on as well (the bench). Without it the child has PATH and the
   * settings only, so that a test's portal has what the test says and nothing from the shell.
   */
  inheritEnv?: boolean;
  /**
   * NODE_ENV=production with what production requires: HOST, a new AUTH_SECRET and DATA_ENCRYPTION_KEY,
   * an ADMIN_SIGNUP_CODE (returned as `adminCode`) and, when the port is picked here, PUBLIC_URL.
   */
  production?: boolean;
  /**
   * What runs: `sources` (the default), src/server/main.ts through tsx; `start`, scripts/start.mjs as
   * `npm start` runs it (the compiled server in production); or node with these arguments.
   */
  run?: 'sources' | 'start' | { nodeArgs: string[] };
  /**
   * 0 (the default): the server picks its port and logs it in its "portal listening" line, which needs
   * LOG_LEVEL info. `free`: a free port picked here, and the portal is ready once /readyz answers, at any
   * LOG_LEVEL (a port picked here could be taken in between by another process: the bench's way only).
   */
  port?: 0 | 'free';
  /** LOG_LEVEL (default info). */
  logLevel?: string;
  /** How long it may take to be ready; a child on the embedded database migrates first. */
  startTimeoutMs?: number;
  /** Also copy the child's output to this process's stderr. */
  echo?: boolean;
}

/** The bench's portal: `npm start` in production on a port picked here, quiet, with this process's environment. */
export const AS_PRODUCTION: PortalOptions = {
  run: 'start',
  production: true,
  port: 'free',
  inheritEnv: true,
  logLevel: 'warn',
  startTimeoutMs: 120_000,
};

export interface PortalProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** The process that serves HTTP: the child, or the server `npm start` launched as its own child. */
  serverPid: number;
  logs: LogLine[];
  /** The ADMIN_SIGNUP_CODE it was given ('' when none). */
  adminCode: string;
  /** From the start to ready, in ms. */
  readyMs: number;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  /** SIGTERM to its process group, then SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<number | string | null>;
}

const running = new Set<ChildProcess>();
// A test or bench that fails half-way must not leave servers behind on the machine.
process.once('exit', killAllStarted);

/** Every child started through this module, killed with what it launched (the bench's cleanup on any exit). */
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

const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/** Starts the portal (see PortalOptions) and resolves once it is ready; throws with its last lines if not. */
export async function startPortal(opts: PortalOptions = {}): Promise<PortalProcess> {
  const name = opts.name ?? 'portal';
  const logLevel = opts.logLevel ?? 'info';
  const picked = opts.port === 'free' ? await freePort() : 0;
  if (!picked && QUIET_LEVELS.has(logLevel)) {
    throw new Error(`${name}: port 0 is read from the "portal listening" line, which LOG_LEVEL ${logLevel} hides`);
  }
  const production: Record<string, string> = opts.production
    ? {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        ADMIN_SIGNUP_CODE: `portal-admin-code-${randomBytes(8).toString('hex')}`,
        ...(picked ? { PUBLIC_URL: `http://127.0.0.1:${picked}` } : {}),
      }
    : {};
  const env: Record<string, string> = {
    ...(opts.inheritEnv ? (process.env as Record<string, string>) : { PATH: process.env.PATH ?? '' }),
    ...production,
    LOG_LEVEL: logLevel,
    ...opts.env,
    PORT: String(picked),
  };
  if (opts.production && !env.PUBLIC_URL) throw new Error(`${name}: production needs PUBLIC_URL, or port 'free'`);
  const run = opts.run ?? 'sources';
  const args =
    run === 'sources'
      ? ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')]
      : run === 'start'
        ? [path.join(ROOT, 'scripts/start.mjs')]
        : run.nodeArgs;

  const t0 = performance.now();
  // A process group of its own, so that stopping it stops what it launched (start.mjs runs the server as
  // its child outside production).
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    }),
  );
  const logs: LogLine[] = [];
  let listening: (port: number) => void = () => {};
  const listened = new Promise<number>((resolve) => {
    listening = resolve;
  });
  let buffered = '';
  const onData = (chunk: Buffer) => {
    if (opts.echo) process.stderr.write(chunk);
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let parsed: LogLine;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = { msg: line };
      }
      logs.push(parsed);
      if (typeof parsed.port === 'number' && parsed.msg?.startsWith('portal listening')) listening(parsed.port);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const timeout = opts.startTimeoutMs ?? 30_000;
  const ready = picked
    ? waitForReady(`http://127.0.0.1:${picked}/readyz`, timeout).then(
        () => picked,
        (err: Error) => new Error(`${name}: ${err.message}:\n${tail(logs)}`),
      )
    : Promise.race([
        listened,
        new Promise<Error>((resolve) =>
          setTimeout(
            () => resolve(new Error(`${name} did not listen within ${timeout} ms:\n${tail(logs)}`)),
            timeout,
          ).unref(),
        ),
      ]);
  const outcome = await Promise.race([
    ready,
    exited.then((code) => new Error(`${name} exited (${code}) before it was ready:\n${tail(logs)}`)),
  ]);
  if (outcome instanceof Error) {
    killGroup(child, 'SIGKILL');
    throw outcome;
  }
  const readyMs = performance.now() - t0;
  const pid = child.pid as number;
  // Under `npm start` outside production the server is the launcher's child: the one holding the most memory.
  const serverPid = [pid, ...descendants(pid)].reduce((a, b) => (rssMb(b) > rssMb(a) ? b : a));
  return {
    name,
    port: outcome,
    url: `http://127.0.0.1:${outcome}`,
    child,
    serverPid,
    logs,
    adminCode: env.ADMIN_SIGNUP_CODE ?? '',
    readyMs,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

function tail(logs: LogLine[]): string {
  return logs
    .slice(-20)
    .map((l) => JSON.stringify(l))
    .join('\n');
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `url` until it answers 2xx; resolves with the ms it took. */
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

/** Starts any command (a browser, the bench's bare server, a seed) as a process group leader, with this process's environment. */
export function startChild(command: string, args: string[], env: Record<string, string>, logPrefix: string) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => `${logPrefix}: ${output}`,
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

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = any>(): T;
}

/**
 * One HTTP request through node:http, which (unlike fetch) lets the caller name the Host header, as a
 * reverse proxy in front of the copies would pass it on.
 */
export function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          json: () => JSON.parse(body.toString('utf8')),
        });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A FormData as the bytes and Content-Type a browser would send. */
export async function encodeMultipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

/** A request body as the browser would send it: multipart for a FormData, JSON for anything else. */
export async function encodeBody(body: unknown): Promise<{ payload?: Buffer | string; contentType?: string }> {
  if (body instanceof FormData) {
    const encoded = await encodeMultipart(body);
    return { payload: encoded.body, contentType: encoded.contentType };
  }
  if (body === undefined) return {};
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}
