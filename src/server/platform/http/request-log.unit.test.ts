import { describe, expect, it } from 'vitest';
import { CREDENTIAL_PATHS } from '../../../shared/routes/credential-paths';
import { PAGE_ROUTES } from '../../../shared/routes/route-table';
import { loggedPath } from './request-log';

const token = 'Qm9vb29vb29vb29vb29vb29vb29vb29vb29vb29vb2';

describe('loggedPath (decision 0075)', () => {
  it("hides a calendar feed's token, its only credential", () => {
    expect(loggedPath(`/calendar/${token}.ics`)).toBe('/calendar/[redacted].ics');
    expect(loggedPath(`/calendar/${token}`)).toBe('/calendar/[redacted]');
    expect(loggedPath(`/calendar/${token}.ics?x=1`)).toBe('/calendar/[redacted].ics');
    expect(loggedPath('/calendar/')).toBe('/calendar/[redacted]');
  });

  it('finds the token however the path spells the route: doubled or trailing slashes, escapes, case', () => {
    for (const p of [
      `/calendar/${token}.ics/`,
      `/calendar//${token}.ics`,
      `//calendar/${token}.ics`,
      `/calendar/${token}.ics/more/${token}`,
      `/Calendar/${token}.ics`,
      `/calendar%2F${token}.ics`,
      `/%63alendar/${token}.ics`,
      `/calendar\\${token}.ics`,
    ]) {
      const logged = loggedPath(p);
      expect(logged, p).not.toContain(token);
      expect(logged, p).toMatch(/^\/calendar\/\[redacted\]/);
    }
    expect(loggedPath(`/invite/${token}`)).toBe('/invite/[redacted]');
    expect(loggedPath(`/invite//${token}/`)).toBe('/invite/[redacted]');
  });

  it('drops the query string, where verification and reset links carry their tokens', () => {
    expect(loggedPath(`/api/auth/verify-email?token=${token}`)).toBe('/api/auth/verify-email');
  });

  it('leaves every other path as it is', () => {
    for (const p of [
      '/api/me',
      '/go/abc',
      '/dashboard',
      '/api/compliance/calendar-feed',
      '/calendars/x.ics',
      '/calendar',
    ]) {
      expect(loggedPath(p)).toBe(p);
    }
  });

  it('knows every page whose path carries a credential: each path parameter is named as one or declared as not', () => {
    // A parameter that is no credential (an id, a short link's public slug, the local test checkout's
    // session, which pays nothing and shows only its own order). A new name must be
    // placed here or renamed `token`, so a page cannot carry a secret in its path unredacted.
    const NOT_CREDENTIALS = new Set(['id', 'slug', 'sessionId']);
    for (const route of PAGE_ROUTES) {
      for (const param of route.path.split('/').filter((s) => s.startsWith(':'))) {
        if (param === ':token') expect(CREDENTIAL_PATHS).toContain(`/${route.path}`);
        else expect(NOT_CREDENTIALS, `${route.path}: is ${param} a credential?`).toContain(param.slice(1));
      }
    }
    expect(CREDENTIAL_PATHS).toContain('/invite/:token');
  });
});
