import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, serializeError } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

const TOKEN = 'q7Xf2LmN9pR4sT6vW8yZ1aB3cD5eF7gH';

describe('logs keep secrets out (hardening issue, points 10 and 15)', () => {
  it('logs a failed query as its cause: no SQL parameters, so no session token', () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const failed = Object.assign(new Error(`Failed query: select * from sessions where token = $1\nparams: ${TOKEN}`), {
      name: 'DrizzleQueryError',
      cause,
      params: [TOKEN],
      query: 'select ...',
    });
    const { logger, text } = capture();
    logger.error({ err: failed }, 'unhandled error');
    expect(text()).not.toContain(TOKEN);
    expect(text()).toContain('57P01');
    expect(serializeError(failed)).toEqual({
      type: 'Error',
      during: 'DrizzleQueryError',
      code: '57P01',
      message: 'terminating connection due to administrator command',
    });
  });

  it('logs a pg client error by code and message only, never the client and its cancel key', () => {
    const client = { processID: 4242, secretKey: 987654321, connectionParameters: { password: 'pgpass' } };
    const err = Object.assign(new Error('Connection terminated unexpectedly'), { client, code: 'ECONNRESET' });
    const { logger, text } = capture();
    logger.warn({ err }, 'an idle database connection was closed by the server');
    expect(text()).not.toContain('987654321');
    expect(text()).not.toContain('pgpass');
    expect(text()).toContain('Connection terminated unexpectedly');
  });

  it('hides token-like strings inside messages, and redacts bodies, passwords and cookies', () => {
    const { logger, text } = capture();
    logger.error({ err: new Error(`bad token ${TOKEN}`) }, 'x');
    logger.info(
      { body: { password: 'Secret123' }, password: 'Secret123', req: { headers: { cookie: `s=${TOKEN}` } } },
      'y',
    );
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain('Secret123');
  });
});
