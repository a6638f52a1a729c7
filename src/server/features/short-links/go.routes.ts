import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { generateCookie } from 'hono/cookie';
import {
  classifyVisit,
  isOwnOrigin,
  isSlugShaped,
  REF_COOKIE,
  REF_COOKIE_MAX_AGE_SECONDS,
  redirectLocation,
  shortLinkState,
} from '../../../shared/features/short-links/short-links.domain';
import type { Env } from '../../env';
import type { AppEnv } from '../../platform/http/context';
import { type CachedLink, shortLinkCache } from './link-cache.service';
import { countVisit } from './visit-counter.service';

/** Every answer of /go: an edit or an expiry takes effect at once, and no shared cache keeps a visitor's cookie. */
export const NO_STORE = 'private, no-store';

export interface RedirectAnswer {
  location: string;
  /** The `portal_ref` Set-Cookie value, when the destination is the portal itself. */
  refCookie: string | null;
}

/** A link that exists and has not expired (product.md#other-states): the others are answered 404. */
export function isLiveLink(entry: CachedLink | null): entry is CachedLink {
  return entry !== null && shortLinkState(entry.link.expiresAt) !== 'expired';
}

/**
 * Where a live link sends the visitor and the cookie it sets, worked out once per cached link: both
 * depend only on the link and the settings. The Hono route and the fast path (request-listener.ts)
 * both answer with this.
 */
export function redirectAnswer(entry: CachedLink, env: Pick<Env, 'publicUrl' | 'production'>): RedirectAnswer {
  const key = `${env.production ? 's' : ''}${env.publicUrl}`;
  const memo = entry.answer as (RedirectAnswer & { key: string }) | undefined;
  if (memo?.key === key) return memo;
  const { link } = entry;
  const answer = {
    key,
    location: redirectLocation(link.originalUrl, link, env.publicUrl),
    refCookie: isOwnOrigin(link.originalUrl, env.publicUrl)
      ? generateCookie(REF_COOKIE, link.slug, {
          path: '/',
          maxAge: REF_COOKIE_MAX_AGE_SECONDS,
          httpOnly: true,
          sameSite: 'Lax',
          secure: env.production,
        })
      : null,
  };
  entry.answer = answer;
  return answer;
}

export interface GoOptions {
  /** The built web app's folder, whose index.html shows the not-found page; null when the app is not served. */
  webDistDir: string | null;
}

/**
 * Unknown or expired: the web app with status 404, so that its /go/:slug route shows product.md#short-link-manager: page
 * ('Link not found or expired', then home after 2 seconds). Without the web app, a plain 404.
 */
function notFoundPage(c: Context<AppEnv>, opts: GoOptions) {
  c.header('Cache-Control', NO_STORE);
  const indexFile = opts.webDistDir ? path.join(opts.webDistDir, 'index.html') : null;
  if (indexFile && existsSync(indexFile)) return c.html(readFileSync(indexFile, 'utf8'), 404);
  return c.text('Link not found or expired', 404);
}

/**
 * GET /go/{slug} (product.md#short-links-and-attribution "Redirect page", decision 0013), answered by the server rather than the web app:
 * a live link is a 302 to its destination, counted without delaying the answer; a destination on the
 * portal itself also gets the link's UTM fields and `ref`, and the `portal_ref` cookie that sign-up
 * reads. Outside the OpenAPI document: it is a page, not part of the JSON API. Decision 0013; links
 * are cached and visits counted in batches (decision 0026), and request-listener.ts answers a live
 * link before this route is reached, with the same answer.
 */
export function mountShortLinkRedirect(app: Hono<AppEnv>, opts: GoOptions) {
  // product.md#short-links-and-attribution: with no slug it goes straight to the homepage.
  app.get('/go', (c) => c.redirect('/', 302));
  app.get('/go/', (c) => c.redirect('/', 302));

  app.get('/go/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (!isSlugShaped(slug)) return notFoundPage(c, opts);
    const { deps } = c.var;
    const entry = await shortLinkCache(deps).find(slug);
    if (!isLiveLink(entry)) return notFoundPage(c, opts);

    const answer = redirectAnswer(entry, deps.env);
    // Hono answers HEAD with this GET handler; classifyVisit counts only GET.
    countVisit(deps, entry.link.id, classifyVisit(c.req.method, c.req.header('user-agent')));
    if (answer.refCookie) c.header('Set-Cookie', answer.refCookie, { append: true });
    c.header('Cache-Control', NO_STORE);
    return c.redirect(answer.location, 302);
  });

  // A path under /go that no slug can be (/go/a/b).
  app.get('/go/*', (c) => notFoundPage(c, opts));
}
