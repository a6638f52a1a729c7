import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A log line of the server (pino JSON) as parsed; lines that are not JSON are kept as `{ msg }`. */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface PortalProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  logs: LogLine[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<number | string | null>;
}

const running = new Set<ChildProcess>();
// A test that fails half-way must not leave servers behind on the machine.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `src/server/main.ts` as its own process (as `npm start` does, without the web build) on a
 * free port (PORT=0), and resolves once it logged that it listens. LOG_LEVEL info is forced: the
 * listening line carries the port, and tests count other lines (mail sent) per process.
 */
export async function startPortalProcess(
  name: string,
  env: Record<string, string>,
  opts: { startTimeoutMs?: number } = {},
): Promise<PortalProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const logs: LogLine[] = [];
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal);
    }),
  );
  let listening: (port: number) => void = () => {};
  const port = new Promise<number>((resolve) => {
    listening = resolve;
  });
  let buffered = '';
  const onData = (chunk: Buffer) => {
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
  const outcome = await Promise.race([
    port,
    exited.then((code) => new Error(`${name} exited (${code}) before listening:\n${tail(logs)}`)),
    new Promise<Error>((resolve) =>
      setTimeout(() => resolve(new Error(`${name} did not listen within ${timeout} ms:\n${tail(logs)}`)), timeout),
    ),
  ]);
  if (outcome instanceof Error) {
    child.kill('SIGKILL');
    throw outcome;
  }
  return {
    name,
    port: outcome,
    url: `http://127.0.0.1:${outcome}`,
    child,
    logs,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
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
