/*
 * Every page of the web app, once (decision 0036). The web router builds its routes from this table,
 * the web loads each page's message sections from it, and the server preloads a first visit's chunks
 * and texts from it. Data only: the server and the tests read it without a browser.
 */

import { FEATURE_PAGES } from '../features/registry';
import type { PageGuard, PageRoute, RouteLayout } from './page';

export type { Audience, PageGuard, PageRoute, RouteLayout } from './page';

/**
 * Loaded with the entry, before the first render (the web's main.tsx waits for them): of these
 * sections, what a public page can show (PUBLIC_CORE_TEXTS in text-chunks.ts, decision 0061).
 */
export const CORE_SECTIONS = ['common', 'errors', 'errorsPage', 'validation'] as const;
export type CoreSection = (typeof CORE_SECTIONS)[number];

/**
 * The rest of the core sections' texts (most API error codes, the signed-in forms' field messages, the
 * signed-in frame's words), listed like a section by the signed-in and admin layouts, so that every
 * page under them loads it (decision 0061). Not catalogue sections: no key starts with these names.
 * One name per layout, for the same texts: each is built into its side's shared texts file
 * (text-chunks.ts), which that side's pages load anyway, so the rest costs no request of its own.
 */
export const CORE_REST: Record<Exclude<RouteLayout, 'public'>, string> = {
  'signed-in': 'coreRestCustomer',
  admin: 'coreRestAdmin',
};

/** Whether a name listed as a section is one of the CORE_REST units. */
export function isCoreRest(name: string): boolean {
  return name === CORE_REST['signed-in'] || name === CORE_REST.admin;
}

/** What each layout shows itself: every page under it loads these too. */
export const LAYOUT_SECTIONS: Record<RouteLayout, readonly string[]> = {
  public: [],
  // privacy: the gate that asks for a new version of the texts before anything else (decision 0046).
  'signed-in': [CORE_REST['signed-in'], 'privacy', 'services'],
  admin: [CORE_REST.admin, 'admin', 'support'],
};

/** The layouts' own lazily loaded modules (under src/web); the public pages have none. */
export const LAYOUT_MODULES: Record<Exclude<RouteLayout, 'public'>, string> = {
  'signed-in': 'app/layouts/SignedInLayout.tsx',
  admin: 'app/layouts/AdminLayout.tsx',
};

/** The route loaders' module, fetched on first use by the signed-in and admin routes (decision 0030). */
export const GUARDS_MODULE = 'app/guards.ts';

/**
 * What the browser runs to hydrate a first view rendered on the server (decision 0095). A page sent with
 * one preloads it instead of the guards, whose loaders do not run on it: the server ran their rules.
 */
export const FIRST_VIEW_MODULE = 'app/firstView.tsx';

/*
 * Every feature's pages (its manifest in src/shared/features, decision 0079), each layout's together,
 * in the registry's order; the router ranks its routes by path, so the order only groups them. A page's
 * sections are found by following its imports for the keys they spell (tests/unit/route-sections.test.ts
 * checks them); a section missing here still shows, a moment late (the missing-key handler in the web's
 * i18n.ts loads it and warns in development).
 */
const LAYOUTS: readonly RouteLayout[] = ['public', 'signed-in', 'admin'];
const FROM_FEATURES: readonly PageRoute[] = Object.entries(FEATURE_PAGES).flatMap(([feature, pages]) =>
  // A manifest names its page modules within its own web folder.
  pages.map((route) => ({ ...route, page: `features/${feature}/${route.page}` })),
);
export const PAGE_ROUTES: readonly PageRoute[] = LAYOUTS.flatMap((layout) =>
  FROM_FEATURES.filter((route) => route.layout === layout),
);

/** The router's catch-all (`*`); the server does not preload it, as every unknown path would pay for it. */
export const NOT_FOUND_PAGE = 'features/errors/pages/NotFoundPage.tsx';

/** The page's sections with its layout's, as one first visit loads them. */
export function routeSections(route: PageRoute): readonly string[] {
  return [...LAYOUT_SECTIONS[route.layout], ...route.sections];
}

/**
 * The loader that lets the page's audience through, for the pages under the signed-in layout (the
 * admin layout checks its own once; the public pages have none): a page that names none is open to a
 * customer, or to an anonymous visitor too when its audience says so.
 */
export function guardOf(route: PageRoute): PageGuard | 'requireCustomerPage' | 'allowVisitor' | undefined {
  if (route.layout !== 'signed-in') return undefined;
  if (route.guard) return route.guard;
  return route.who.includes('anonymous') ? 'allowVisitor' : 'requireCustomerPage';
}

/** The component a page module exports: its file's name. */
export function pageExport(page: string): string {
  return page.slice(page.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');
}

/** The table's row for a router path (`'services/:id'`, no leading slash), if it is a page. */
export function pageRouteAt(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => route.path === path);
}
