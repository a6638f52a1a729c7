import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import {
  classifyVisit,
  isOwnOrigin,
  isSlugShaped,
  REF_COOKIE,
  REF_COOKIE_MAX_AGE_SECONDS,
  redirectLocation,
  shortLinkState,
} from '../../../shared/domain/short-links';
import type { AppEnv } from '../../platform/http/context';
import { countVisit, findBySlug } from './short-links.service';

/** Every answer of /go: an edit or an expiry takes effect at once, and no shared cache keeps a visitor's cookie. */
const NO_STORE = 'private, no-store';

export interface GoOptions {
  /** The built web app's folder, whose index.html shows the not-found page; null when the app is not served. */
  webDistDir: string | null;
}

/**
 * Unknown or expired: the web app with status 404, so that its /go/:slug route shows SPEC §2's page
 * ('Link not found or expired', then home after 2 seconds). Without the web app, a plain 404.
 */
function notFoundPage(c: Context<AppEnv>, opts: GoOptions) {
  c.header('Cache-Control', NO_STORE);
  const indexFile = opts.webDistDir ? path.join(opts.webDistDir, 'index.html') : null;
  if (indexFile && existsSync(indexFile)) return c.html(readFileSync(indexFile, 'utf8'), 404);
  return c.text('Link not found or expired', 404);
}

/**
 * GET /go/{slug} (SPEC §2 "Redirect page", issue 12), answered by the server rather than the web app:
 * a live link is a 302 to its destination, counted without delaying the answer; a destination on the
 * portal itself also gets the link's UTM fields and `ref`, and the `portal_ref` cookie that sign-up
 * reads. Outside the OpenAPI document: it is a page, not part of the JSON API. Decision 0013.
 */
export function mountShortLinkRedirect(app: Hono<AppEnv>, opts: GoOptions) {
  // SPEC §2: with no slug it goes straight to the homepage.
  app.get('/go', (c) => c.redirect('/', 302));
  app.get('/go/', (c) => c.redirect('/', 302));

  app.get('/go/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (!isSlugShaped(slug)) return notFoundPage(c, opts);
    const { deps } = c.var;
    const link = await findBySlug(deps.database.db, slug);
    if (!link || shortLinkState(link.expiresAt) === 'expired') return notFoundPage(c, opts);

    // Hono answers HEAD with this GET handler; classifyVisit counts only GET.
    countVisit(deps, link.id, classifyVisit(c.req.method, c.req.header('user-agent')));

    const ownOrigin = deps.env.publicUrl;
    if (isOwnOrigin(link.originalUrl, ownOrigin)) {
      setCookie(c, REF_COOKIE, link.slug, {
        path: '/',
        maxAge: REF_COOKIE_MAX_AGE_SECONDS,
        httpOnly: true,
        sameSite: 'Lax',
        secure: deps.env.production,
      });
    }
    c.header('Cache-Control', NO_STORE);
    return c.redirect(redirectLocation(link.originalUrl, link, ownOrigin), 302);
  });

  // A path under /go that no slug can be (/go/a/b).
  app.get('/go/*', (c) => notFoundPage(c, opts));
}
