import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../shared/domain/permissions';
import { ROLES, type Role } from '../../shared/domain/roles';
import { ADMIN_LISTS } from '../../shared/routes/admin-lists';
import { bootAnswerKey } from '../../shared/routes/boot-element';
import { DESK_FIRST_QUERY, type DeskWithFirstQuery, deskFirstQuery } from '../../shared/routes/desk-first-query';
import { PAGE_ROUTES } from '../../shared/routes/route-table';
import type { AppDeps } from '../deps';
import { FIRST_CALLS } from '../feature-registry';
import type { BootReader } from './first-calls';

/*
 * Decision 0104: the desks whose HTML carries their first page. Each answer must be under the key the web
 * asks (the desk's first query, DESK_FIRST_QUERY), which the list's schema must read, and only for a
 * reader the route would let through. The browser test (tests/e2e/first-view.spec.ts) shows each page
 * drawing it; this holds every desk and role to it without a browser.
 */

/** Each desk's page, by its route path. */
const DESK_PAGES: Record<DeskWithFirstQuery, string> = {
  audit: 'admin/audit',
  deadlines: 'admin/deadlines',
  ein: 'admin/ein',
  filings: 'admin/filings',
  formations: 'admin/formations',
  renewals: 'admin/renewals',
  support: 'admin/support',
  users: 'admin/users',
};

/** The route's permission for reading each desk's list (its listRoute). */
const DESK_PERMISSIONS = {
  audit: 'audit.read',
  deadlines: 'deadlines.read',
  ein: 'ein.read',
  filings: 'filings.read',
  formations: 'formations.read',
  renewals: 'renewals.read',
  support: 'support.read',
  users: 'users.read',
} as const satisfies Record<DeskWithFirstQuery, string>;

function reader(role: Role, twoFactorEnabled = true): BootReader {
  return {
    user: { id: 'u1', email: 'a@example.com', name: 'A', role, emailVerified: true, lang: 'tr', twoFactorEnabled },
    sessionId: 's1',
    twoFactorAt: new Date(),
  };
}

// The answers are not run here, only their keys read: no call reaches these deps.
const deps = {} as AppDeps;

function keysFor(page: string, who: BootReader, search = new URLSearchParams()): string[] {
  return (FIRST_CALLS[page]?.({ deps, reader: who, search }) ?? []).map(([key]) => key);
}

describe("a page's first calls (decision 0104)", () => {
  it('are declared only for pages of the route table', () => {
    const paths = new Set(PAGE_ROUTES.map((route) => route.path));
    expect(Object.keys(FIRST_CALLS).filter((page) => !paths.has(page))).toEqual([]);
  });

  it.each(Object.keys(DESK_FIRST_QUERY) as DeskWithFirstQuery[])(
    "answer the %s desk's first page under the key its web page asks, for each role the route admits",
    (desk) => {
      const key = bootAnswerKey(ADMIN_LISTS[desk], deskFirstQuery(desk));
      for (const role of ROLES) {
        const admitted = role !== 'customer' && hasPermission(role, DESK_PERMISSIONS[desk]);
        expect(keysFor(DESK_PAGES[desk], reader(role)).includes(key), `${desk} as ${role}`).toBe(admitted);
      }
      // Staff without a second factor are kept out of the admin door, and of its answers.
      expect(keysFor(DESK_PAGES[desk], reader('owner', false))).toEqual([]);
    },
  );

  it("lay the page URL's filters over the desk's first query, and answer nothing the schema refuses", () => {
    const search = new URLSearchParams({ q: 'şimşek', id: 'row-1', lang: 'en' });
    const query = deskFirstQuery('users');
    query.set('q', 'şimşek');
    expect(keysFor('admin/users', reader('owner'), search)).toEqual([bootAnswerKey(ADMIN_LISTS.users, query)]);
    expect(keysFor('admin/users', reader('owner'), new URLSearchParams({ sort: 'sideways' }))).toEqual([]);
  });

  it("gather several features' calls for one page: the account page's own and the data rights' for a customer", () => {
    expect(keysFor('account', reader('customer')).sort()).toEqual([
      '/api/account',
      '/api/account/sessions',
      '/api/privacy/consents',
      '/api/privacy/erasure',
    ]);
    expect(keysFor('account', reader('owner')).sort()).toEqual(['/api/account', '/api/account/sessions']);
  });
});
