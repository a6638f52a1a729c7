import {
  FIRST_VIEW_MODULE,
  GUARDS_MODULE,
  LAYOUT_MODULES,
  PAGE_ROUTES,
  type PageRoute,
  pageRouteAt,
  routeSections,
} from '../../../shared/routes/route-table';

/**
 * Which of the web app's lazily loaded modules (paths under src/web, as vite's manifest names them)
 * a first visit to a path needs, from the route table the web router is built from. The server
 * preloads their chunks from the HTML so that the browser fetches them alongside the entry instead of
 * after it ran; a path missing here (an unknown one: the router's 404 page is small) loads as before.
 */
function modulesOf(route: PageRoute): readonly string[] {
  // The guards' module is loaded on demand by the router, so the signed-in and admin paths name it.
  return route.layout === 'public' ? [route.page] : [GUARDS_MODULE, LAYOUT_MODULES[route.layout], route.page];
}

const signIn = pageRouteAt('signin');

export const ROUTE_MODULES: ReadonlyArray<readonly [pattern: string, modules: readonly string[]]> = [
  // The router sends the bare origin on to /signin before anything renders.
  ...(signIn ? [['/', modulesOf(signIn)] as const] : []),
  ...PAGE_ROUTES.map((route) => [`/${route.path}`, modulesOf(route)] as const),
];

/** The modules for a request path, or none (an unknown path: the router's 404 page is small). */
export function modulesForPath(pathname: string): { key: string; modules: readonly string[] } | null {
  const segments = splitPath(pathname);
  for (const [pattern, modules] of ROUTE_MODULES) {
    const want = splitPath(pattern);
    if (want.length !== segments.length) continue;
    if (want.every((w, i) => (w.startsWith(':') ? segments[i] !== '' : w === segments[i])))
      return { key: pattern, modules };
  }
  return null;
}

/** A path's modules when its HTML holds the first view (decision 0095): its hydration, not the guards. */
export function firstViewModules(modules: readonly string[]): string[] {
  return [FIRST_VIEW_MODULE, ...modules.filter((m) => m !== GUARDS_MODULE)];
}

/** The route-table page a request path shows, if any (the bare origin counts as the sign-in page). */
export function pageRouteForPath(pathname: string): PageRoute | undefined {
  const found = modulesForPath(pathname);
  return found ? pageRouteAt(found.key === '/' ? 'signin' : found.key.replace(/^\//, '')) : undefined;
}

/** The message sections a first visit to a route (a key of ROUTE_MODULES) loads besides the core ones. */
export function sectionsForRoute(routeKey: string | undefined): readonly string[] {
  const route = routeKey === undefined ? undefined : pageRouteAt(routeKey.replace(/^\//, ''));
  return route ? routeSections(route) : [];
}

function splitPath(p: string) {
  return p.split('/').filter(Boolean);
}
