import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Passwords, SSNs, cookies and tokens are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
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
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}
