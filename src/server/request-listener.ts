import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { classifyVisit, isSlugShaped } from '../shared/features/short-links/short-links.domain';
import type { AppDeps } from './deps';
import { HEALTHY } from './features/health/health.routes';
import { isLiveLink, NO_STORE, redirectAnswer } from './features/short-links/go.routes';
import { type CachedLink, shortLinkCache } from './features/short-links/link-cache.service';
import { countVisit } from './features/short-links/visit-counter.service';
import { loggedPath } from './platform/http/request-log';
import { securityHeaderEntries } from './platform/http/security';

type FetchCallback = Parameters<typeof getRequestListener>[0];

/** The Host values seen, with node-server's verdict on each; a few names serve nearly every request. */
const MAX_HOSTS = 64;

interface HostVerdict {
  /** node-server builds a URL from it (a malformed one is answered 400 there). */
  valid: boolean;
  /** expectedHost() (security.ts) lets it through. */
  ours: boolean;
}

/**
 * The server's request listener (decision 0026): `GET|HEAD /healthz` and `GET|HEAD /go/{slug}` for a
 * live link are answered here with node:http, without the Request, Headers and Response objects that
 * @hono/node-server builds and without Hono's middleware chain; they are the portal's busiest and
 * cheapest answers. Everything else, and every case this is not sure of (a query string, an odd Host,
 * production's Host check failing, an unknown or expired slug, a database error), goes to Hono,
 * which answers as it always has. The answers here are Hono's, header for header (request-listener
 * tests compare them): the security headers come from the same list, the redirect from the same
 * function, and the request is logged in the same line.
 */
export function portalRequestListener(
  app: { fetch: FetchCallback },
  deps: AppDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { env, logger } = deps;
  // As serve() did: a request without a Host header is taken as one for HOST.
  const hono = getRequestListener(app.fetch, { hostname: env.HOST });
  // In the order node-server writes Hono's answers: the Headers' names in lower case, sorted (as
  // iterating Headers gives them), then Set-Cookie, then the Content-Type it adds when none is set.
  const security = securityHeaderEntries(env.production).map(([name, value]) => [name.toLowerCase(), value] as const);
  const sorted = (entries: ReadonlyArray<readonly [string, string]>) =>
    [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flat();
  const goFixed = [['cache-control', NO_STORE] as const, ...security];
  const beforeLocation = sorted(goFixed.filter(([name]) => name < 'location'));
  const afterLocation = sorted(goFixed.filter(([name]) => name > 'location'));
  const goHeaders = new WeakMap<object, string[]>();
  const links = shortLinkCache(deps);
  const publicHost = new URL(env.publicUrl).host.toLowerCase();
  const hosts = new Map<string, HostVerdict>();

  /** What node-server and expectedHost() would make of this Host header, worked out once per value. */
  function verdict(host: string): HostVerdict {
    let known = hosts.get(host);
    if (known) return known;
    try {
      // request.ts of @hono/node-server: the URL it builds, and its check that the name survived parsing.
      const url = new URL(`http://${host}/`);
      const valid = url.hostname.length === host.length || url.hostname === host.replace(/:\d+$/, '');
      known = { valid, ours: valid && url.host.toLowerCase() === publicHost };
    } catch {
      known = { valid: false, ours: false };
    }
    if (hosts.size >= MAX_HOSTS) hosts.clear();
    hosts.set(host, known);
    return known;
  }

  const healthBody = JSON.stringify(HEALTHY);
  const healthHeaders = sorted([['content-type', 'application/json'], ...security]);
  const healthGetHeaders = [...healthHeaders, 'content-length', String(Buffer.byteLength(healthBody))];

  function log(req: IncomingMessage, status: number, started: number) {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logger.info({ method: req.method, path: loggedPath(req.url ?? ''), status, ms }, 'request');
  }

  /**
   * An error here must not end the process (Hono catches its own): Hono gets the request instead,
   * and answers it as it would have, 500 included.
   */
  function failed(req: IncomingMessage, res: ServerResponse, err: unknown) {
    logger.error({ err, path: loggedPath(req.url ?? '') }, 'unhandled error');
    if (res.headersSent) res.destroy();
    else void hono(req, res);
  }

  function redirect(req: IncomingMessage, res: ServerResponse, entry: CachedLink, started: number) {
    const answer = redirectAnswer(entry, env);
    let headers = goHeaders.get(answer);
    if (!headers) {
      headers = [...beforeLocation, 'location', answer.location, ...afterLocation];
      if (answer.refCookie) headers.push('set-cookie', answer.refCookie);
      headers.push('content-type', 'text/plain; charset=UTF-8');
      goHeaders.set(answer, headers);
    }
    res.writeHead(302, headers);
    res.end();
    // Once answered: had anything above failed, Hono would have answered (and counted) instead.
    countVisit(deps, entry.link.id, classifyVisit(req.method as string, req.headers['user-agent']));
    log(req, 302, started);
  }

  return (req, res) => {
    try {
      fastPath(req, res);
    } catch (err) {
      failed(req, res, err);
    }
  };

  function fastPath(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const { method, url } = req;
    const host = req.headers.host;
    if ((method !== 'GET' && method !== 'HEAD') || !url || !host) return void hono(req, res);
    const seen = verdict(host);
    if (!seen.valid) return void hono(req, res);

    // Before the Host check, as in app.ts: a load balancer probes it by address.
    if (url === '/healthz') {
      if (method === 'GET') {
        res.writeHead(200, healthGetHeaders);
        res.end(healthBody);
      } else {
        res.writeHead(200, healthHeaders);
        res.end();
      }
      log(req, 200, started);
      return;
    }

    if (!url.startsWith('/go/') || (env.production && !seen.ours)) return void hono(req, res);
    const slug = url.slice(4);
    if (!isSlugShaped(slug)) return void hono(req, res);
    const cached = links.peek(slug);
    if (cached) {
      if (isLiveLink(cached)) redirect(req, res, cached, started);
      else void hono(req, res);
      return;
    }
    links.find(slug).then(
      (entry) => {
        try {
          if (isLiveLink(entry)) redirect(req, res, entry, started);
          else void hono(req, res);
        } catch (err) {
          failed(req, res, err);
        }
      },
      // A database error is Hono's to answer (503 with Retry-After, logged once there).
      () => void hono(req, res),
    );
  }
}
