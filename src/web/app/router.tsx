import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import {
  guardOf,
  NOT_FOUND_PAGE,
  PAGE_ROUTES,
  type PageRoute,
  pageExport,
  type RouteLayout,
  routeSections,
} from '../../shared/routes/route-table';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { withSections } from '../lib/messages/routeSections';
import { RootLayout } from './layouts/RootLayout';
import { PAGE_MODULES } from './pageModules';

type Guards = typeof import('./guards');

/**
 * A guard (app/guards.ts) as a route loader, its module fetched on first use: the guards hold the
 * session's query cache, which the public pages' first load leaves out (decision 0030). The server
 * preloads that chunk for the signed-in paths (route-modules.ts, from the route table), so no round trip
 * is added there.
 */
const guard =
  (name: keyof Guards) =>
  (args: LoaderFunctionArgs): Promise<Response | null> =>
    import('./guards').then((guards) => guards[name](args));

/** A page of the route table (src/shared/routes/route-table.ts) as a React Router route. */
function pageRoute(route: PageRoute): RouteObject {
  const Component = pageComponent(route.page);
  // Admin pages check the page's permission; the admin layout checks, once, that the caller is staff.
  const loader = route.layout === 'admin' ? 'requireAdminPage' : guardOf(route);
  return {
    path: route.path,
    // The public pages have no loader: a route with one paints the loading spinner first and the page
    // only after it, which cost the sign-in page about five Lighthouse points (decision 0023).
    ...(loader && { loader: guard(loader) }),
    lazy: withSections(Component, routeSections(route)),
  };
}

/** One lazy chunk per page (pageModules.ts), its component exported under the file's name. */
function pageComponent(page: string): () => Promise<{ Component: ComponentType }> {
  const load = PAGE_MODULES[page];
  if (!load) throw new Error(`router: no page module ${page} under features/*/pages`);
  const name = pageExport(page);
  return () => load().then((m) => ({ Component: m[name] }));
}

const pagesIn = (layout: RouteLayout) => PAGE_ROUTES.filter((route) => route.layout === layout).map(pageRoute);

/*
 * The one route list of both sides (decision 0095): main.tsx makes the browser's router of it, and the
 * server entry (entry-server.tsx) renders a signed-in page's first view from it.
 * One lazy chunk per page (and per layout): a customer on a phone downloads the sign-in page
 * only, not the admin back office. Each page's texts load with it (withSections). The pages come
 * from the route table; what stays written here has no page of its own: the redirects and the 404.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // Keep the query (?lang=, utm_*) so that a link to the bare origin still carries it.
      { index: true, loader: ({ request }) => redirect(`/signin${new URL(request.url).search}`) },
      // A bare /go has no slug to look up.
      { path: 'go', loader: () => redirect('/') },
      ...pagesIn('public'),
      {
        lazy: () => import('./layouts/SignedInLayout').then((m) => ({ Component: m.SignedInLayout })),
        children: pagesIn('signed-in'),
      },
      {
        loader: guard('requireAdmin'),
        lazy: () => import('./layouts/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
        children: pagesIn('admin'),
      },
      // The catch-all's page is not preloaded by the server: every unknown path would pay for it.
      { path: '*', lazy: pageComponent(NOT_FOUND_PAGE) },
    ],
  },
];
