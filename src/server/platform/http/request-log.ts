import type { MiddlewareHandler } from 'hono';
import { CREDENTIAL_PATHS } from '../../../shared/routes/credential-paths';
import type { AppEnv } from './context';

const REDACTED = '[redacted]';

/** A pattern's segments: the static ones lower-cased, a parameter as null. */
const PATTERNS = CREDENTIAL_PATHS.map((p) =>
  p
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? null : s.toLowerCase())),
);

/**
 * The path as the log may hold it (decision 0075). A route whose parameter is a credential (the
 * calendar feed's token, an invitation's) has that parameter and everything after it replaced, found
 * by the route's own pattern over the path's segments, not by a pattern on the raw text: the same path
 * spelled with doubled or trailing slashes, percent-escapes or another case is still the route's.
 * The query string is dropped: verification and reset links carry their tokens there.
 */
export function loggedPath(raw: string): string {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: match on the text as it came.
  }
  const segments = decoded.split(/[/\\]/).filter(Boolean);
  for (const pattern of PATTERNS) {
    const at = pattern.indexOf(null);
    if (at < 0 || segments.length < at) continue;
    if (!pattern.slice(0, at).every((s, i) => segments[i]?.toLowerCase() === s)) continue;
    if (segments.length === at && !/\/$/.test(path)) continue;
    const credential = segments[at] ?? '';
    // Keep a file extension (`.ics`) so the line still says what was asked for.
    const extension = segments.length === at + 1 ? (/\.[a-z]{2,4}$/i.exec(credential)?.[0] ?? '') : '';
    return `/${[...pattern.slice(0, at), REDACTED].join('/')}${extension}`;
  }
  return path;
}

/**
 * One line per request: method, path, status and time. The path only: query strings carry tokens
 * (the verification link's), and bodies and headers carry passwords and cookies.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.var.deps.logger.info({ method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms }, 'request');
  };
}
