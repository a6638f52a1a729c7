/*
 * One page of the web app as the route table holds it (decision 0036), and the helpers a feature's
 * manifest (src/shared/features/<feature>/manifest.ts, decision 0079) writes its pages with. Apart from
 * route-table.ts, which reads every manifest, so that a manifest importing these imports no circle.
 */

import type { Permission } from '../domain/permissions';

/** Which frame a page is drawn in, and so which layout module and sections it brings along. */
export type RouteLayout = 'public' | 'signed-in' | 'admin';

/** Who the web app lets see a page; the server checks every API call again whatever this says. */
export type Audience = 'anonymous' | 'customer' | 'staff';

/**
 * A route loader of src/web/app/guards.ts stricter than the one a page's audience gets by default
 * (`guardOf`): the page also needs something of the customer's formation or of the URL.
 */
export type PageGuard =
  | 'requireOnboarding'
  | 'requireCustomer'
  | 'requireEinApplication'
  | 'requireSs4Form'
  | 'requirePaymentSession'
  /** Any signed-in user, customer or staff (the account page and its second factor). */
  | 'requireSignedIn';

export interface PageRoute {
  /** As React Router writes it under the root: no leading slash, `:name` for a parameter. */
  readonly path: string;
  /**
   * The page's module under src/web, as vite's manifest names it; the module exports its component
   * under the file's name (features/x/pages/FooPage.tsx exports FooPage). A feature's manifest writes
   * it within the feature's web folder (pages/FooPage.tsx); the route table adds features/<feature>/.
   */
  readonly page: string;
  readonly layout: RouteLayout;
  /** The catalogue sections the page shows besides the core ones and its layout's (LAYOUT_SECTIONS). */
  readonly sections: readonly string[];
  readonly who: readonly Audience[];
  readonly guard?: PageGuard;
  /**
   * An admin page's entry in the top bar (ADMIN_PAGES): its label's key under admin.nav, and the
   * permission every page under its path needs to load at all.
   */
  readonly nav?: AdminNav;
}

/**
 * The groups of the back office's top bar, in its order (decision 0100): each a disclosure of its
 * entries, so that seventeen pages are one row on a phone until opened. Labels under admin.nav.groups.
 */
export const ADMIN_NAV_GROUPS = ['applications', 'customers', 'money', 'mailBank', 'content', 'team'] as const;
export type AdminNavGroup = (typeof ADMIN_NAV_GROUPS)[number];

export interface AdminNav {
  readonly key: string;
  readonly permission: Permission;
  /** The top bar's group the entry is listed under. */
  readonly group: AdminNavGroup;
}

const ANYONE: readonly Audience[] = ['anonymous', 'customer', 'staff'];
export const VISITOR: readonly Audience[] = ['anonymous', 'customer'];
const CUSTOMER: readonly Audience[] = ['customer'];
const STAFF: readonly Audience[] = ['staff'];
export const SIGNED_IN: readonly Audience[] = ['customer', 'staff'];

/** A page anyone may open, drawn without a frame. */
export const publicPage = (path: string, page: string, sections: readonly string[]): PageRoute => ({
  path,
  page,
  layout: 'public',
  sections,
  who: ANYONE,
});

/** A page in the signed-in frame: a customer's unless `who` says otherwise. */
export const customerPage = (
  path: string,
  page: string,
  sections: readonly string[],
  extra: { who?: readonly Audience[]; guard?: PageGuard } = {},
): PageRoute => ({ path, page, layout: 'signed-in', sections, who: extra.who ?? CUSTOMER, guard: extra.guard });

/** A page of the back office, for staff; `nav` puts it in the top bar. */
export const adminPage = (path: string, page: string, sections: readonly string[], nav?: AdminNav): PageRoute => ({
  path,
  page,
  layout: 'admin',
  sections,
  who: STAFF,
  nav,
});
