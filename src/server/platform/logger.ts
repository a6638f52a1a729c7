import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Anything that looks like a token or a key: long runs of base64url or hex. Error messages quote what
 * failed (a query's parameters, a header), and what failed may be a session token.
 */
const SECRET_LIKE = /[A-Za-z0-9_-]{24,}|[0-9a-fA-F]{32,}/g;

export function scrub(text: string): string {
  return text.replace(SECRET_LIKE, '[redacted]');
}

interface ErrorLike {
  name?: string;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * Errors are logged as their type, code and message only. Never the whole object: a `pg` client error
 * carries the connection (with its cancel key), a failed query carries its parameters (session tokens,
 * emails), and a stack carries nothing an operator needs that the message does not. A failed query
 * is logged as its cause, the database's own message.
 */
export function serializeError(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object') return { message: scrub(String(value)) };
  let err = value as ErrorLike;
  const wrapper = err.name;
  if (err.name === 'DrizzleQueryError' && err.cause && typeof err.cause === 'object') err = err.cause as ErrorLike;
  const out: Record<string, unknown> = { type: err.name ?? 'Error' };
  if (wrapper !== err.name) out.during = wrapper;
  if (typeof err.code === 'string' || typeof err.code === 'number') out.code = err.code;
  out.message = scrub(typeof err.message === 'string' ? err.message : String(err.message ?? ''));
  return out;
}

/**
 * Structured JSON logs. Errors go through serializeError; passwords, SSNs, cookies, tokens and request
 * bodies are redacted wherever they appear, in case a caller logs an object it should not.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError },
      redact: {
        paths: [
          'password',
          '*.password',
          'newPassword',
          '*.newPassword',
          'confirmPassword',
          '*.confirmPassword',
          'ssn',
          '*.ssn',
          'responsiblePartySsn',
          '*.responsiblePartySsn',
          'responsiblePartySsnEncrypted',
          '*.responsiblePartySsnEncrypted',
          'token',
          '*.token',
          'body',
          '*.body',
          'params',
          '*.params',
          'adminCode',
          '*.adminCode',
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
