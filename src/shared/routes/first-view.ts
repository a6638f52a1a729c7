import type { BootData } from '../contracts/boot';
import type { Language } from '../i18n/languages';

/**
 * The signed-in pages whose first view the server renders into their HTML (decision 0095), by request
 * path. Opt-in page by page: each one here has a browser test that fails when the browser's render of
 * it differs from the server's (tests/e2e/first-view.spec.ts). Any other path gets the HTML with the
 * loading indicator, as before.
 */
export const FIRST_VIEW_PATHS: readonly string[] = [
  '/dashboard',
  '/documents',
  '/support',
  '/services',
  '/account',
  '/admin',
  '/admin/users',
  '/admin/formations',
  '/admin/ein',
  '/admin/support',
  '/admin/deadlines',
  '/admin/renewals',
  '/admin/filings',
  '/admin/audit',
];

/** The `<div id="root">` content the server replaces with a first view: index.html marks it. */
export const FIRST_VIEW_SLOT = /<!--first-view-->[\s\S]*?<!--\/first-view-->/;

/** The cookie in which the browser keeps its IANA time zone, so the server writes instants as it would. */
export const TIME_ZONE_COOKIE = 'tz';

/** What the server hands the server entry (src/web/entry-server.tsx) for one page. */
export interface FirstViewInput {
  /** The request's absolute URL. */
  url: string;
  boot: BootData;
  language: Language;
  /** The `tz` cookie's value, if any. */
  timeZone: string | undefined;
}

/** A first view: its HTML, the route loaders' answers and the zone its instants were written in. */
export interface FirstView {
  html: string;
  loaderData: Record<string, unknown>;
  timeZone: string;
  language: Language;
}

/** The server entry's one export. */
export type RenderFirstView = (input: FirstViewInput) => Promise<FirstView | null>;

/** Where the build writes the server entry, relative to the web app's directory (dist/web). */
export const FIRST_VIEW_ENTRY = '../ssr/entry-server.js';
