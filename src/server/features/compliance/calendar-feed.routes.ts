import type { Hono } from 'hono';
import { CALENDAR_FEED_PATH } from '../../../shared/routes/credential-paths';
import { serverToday } from '../../platform/clock';
import { clientAddress } from '../../platform/http/client-address';
import type { AppEnv } from '../../platform/http/context';
import { buildCalendar, feedOwner, tokenHash } from './calendar-feed.service';
import { complianceView } from './compliance.service';

/** A path a token can be: base64url, the length of a SHA-256 HMAC. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * GET /calendar/{token}.ics, the feed Google and Apple calendars poll. Outside /api and the OpenAPI
 * document like /go: the token is the credential, there is no session. Unknown, malformed and
 * regenerated tokens get the same 404.
 */
export function mountCalendarFeed(app: Hono<AppEnv>) {
  app.get(CALENDAR_FEED_PATH, async (c) => {
    const { deps } = c.var;
    const match = FEED_FILE.exec(c.req.param('token'));
    // Per feed first, by its hash (the token itself is a credential and is not stored), then the
    // address's ceiling; both before the lookup, so a 429 says nothing of whether the token exists.
    const perFeed = await deps.rateLimiter.hit('calendarFeedPerToken', tokenHash(match?.[1] ?? c.req.param('token')));
    if (!perFeed || !(await deps.rateLimiter.hit('calendarFeedPerAddress', clientAddress(c)))) {
      c.header('Retry-After', perFeed ? '3600' : '60');
      return c.text('Too many requests', 429);
    }
    const owner = match ? await feedOwner(deps.database.db, match[1]) : null;
    c.header('X-Robots-Tag', 'noindex');
    if (!owner) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    const view = await complianceView(deps.database.db, owner.userId, serverToday(deps.env));
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    // Calendar apps poll every few hours; the dates change once a day at most.
    c.header('Cache-Control', 'private, max-age=3600');
    return c.body(buildCalendar(view, owner.lang, deps.env.publicUrl), 200);
  });
}
