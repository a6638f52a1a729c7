/**
 * Large bodies from strangers, measured on a real server process: a Content-Type alone must not lift
 * the 64 KB limit, the webhook reads at most 1 MB and only with a signature header, and the upload
 * routes refuse anonymous callers unread. The process's resident memory is read from /proc, since
 * a body held whole shows there and nowhere else.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalProcess, startPortal } from '../../../tests/support/portal-process';
import { createTestDatabase } from '../../../tests/support/test-db';

const MB = 1024 * 1024;
const BODY_BYTES = 50 * MB;
const MULTIPART = 'multipart/form-data; boundary=----x';

let server: PortalProcess;
let dataDir: string;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-body-'));
  const db = await createTestDatabase();
  drop = db.drop;
  const databaseUrl = 'databaseUrl' in db.options ? db.options.databaseUrl : undefined;
  server = await startPortal({
    name: 'body-memory',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    // A child on the embedded database runs every migration before it listens: seconds on a quiet
    // machine, past a minute on one running a dozen other processes (a busy clean-clone run).
    startTimeoutMs: 150_000,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server's resident memory in bytes. */
function rss(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) * 1024;
}

/**
 * Streams `total` bytes of one repeated 64 KB chunk (so this side holds nothing) over a raw socket and
 * resolves with the answer's status and body. The server may answer and close the connection while
 * the body is still being sent, which is the point: a write error then is expected, not a failure,
 * and whatever answer arrived before it is kept.
 */
function send(
  pathname: string,
  headers: Record<string, string>,
  total = BODY_BYTES,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const chunked = headers['transfer-encoding'] === 'chunked';
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      : chunk;
    const received: Buffer[] = [];
    let sent = 0;
    let answer: { status: number; body: string } | undefined;
    /** The answer once it has arrived whole (Content-Length or a chunked body's last chunk). */
    const complete = (): { status: number; body: string } | undefined => {
      const bytes = Buffer.concat(received);
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const head = bytes.subarray(0, end).toString('latin1');
      // Content-Length counts bytes, and the messages are Turkish: the body is cut as bytes.
      const body = bytes.subarray(end + 4);
      const rest = body.toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const length = /^content-length: (\d+)/im.exec(head);
      if (length)
        return body.length >= Number(length[1])
          ? { status, body: body.subarray(0, Number(length[1])).toString('utf8') }
          : undefined;
      if (!rest.endsWith('0\r\n\r\n')) return undefined;
      return { status, body: rest.split('\r\n')[1] ?? '' };
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      answer ??= complete();
      if (answer) {
        resolve(answer);
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!answer) reject(new Error(`no whole answer before the connection closed (${sent} bytes sent)`));
    });
    // Kept alive, as browsers do: the server then discards the rest of the body instead of closing on it.
    const lines = [`POST ${pathname} HTTP/1.1`, 'Host: localhost:3000'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const pump = () => {
      while (received.length === 0 && sent < total && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
      if (received.length === 0 && !socket.destroyed && chunked) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

async function settledRss(): Promise<number> {
  await new Promise((r) => setTimeout(r, 300));
  return rss();
}

describe('large bodies from anonymous callers', () => {
  it('warms up the routes once, so what follows measures bodies and not first-use code', async () => {
    const small = 8 * 1024;
    expect(
      (await send('/api/payments/stripe/webhook', { 'content-type': MULTIPART, 'transfer-encoding': 'chunked' }, small))
        .status,
    ).toBe(400);
    expect(
      (await send('/api/formations', { 'content-type': MULTIPART, 'transfer-encoding': 'chunked' }, small)).status,
    ).toBe(401);
  });

  it('refuses a webhook without Stripe-Signature before reading its body', async () => {
    const res = await send('/api/payments/stripe/webhook', {
      'content-type': MULTIPART,
      'transfer-encoding': 'chunked',
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('INVALID_SIGNATURE');
  });

  it.each([
    ['the webhook (signed), chunked', '/api/payments/stripe/webhook', { 'stripe-signature': 't=1,v1=00' }, false],
    ['the webhook (signed), declared', '/api/payments/stripe/webhook', { 'stripe-signature': 't=1,v1=00' }, true],
    ['a JSON route, chunked', '/api/auth/sign-in', {}, false],
    ['a JSON route, declared', '/api/formations', {}, true],
  ])(
    'answers 413 to 50 MB of multipart to %s, with resident memory up by less than 20 MB',
    async (_name, route, extra, declared) => {
      const before = await settledRss();
      const headers: Record<string, string> = {
        'content-type': MULTIPART,
        ...extra,
        ...(declared ? { 'content-length': String(BODY_BYTES) } : { 'transfer-encoding': 'chunked' }),
      };
      const res = await send(route, headers);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error.code).toBe('BODY_TOO_LARGE');
      const after = await settledRss();
      expect(after - before).toBeLessThan(20 * MB);
    },
  );

  it('refuses 50 MB of multipart to an upload route without a session, unread (401)', async () => {
    const before = await settledRss();
    const res = await send('/api/documents', { 'content-type': MULTIPART, 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(401);
    const after = await settledRss();
    expect(after - before).toBeLessThan(20 * MB);
  });
});
