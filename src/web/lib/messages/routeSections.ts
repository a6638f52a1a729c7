import type { RouteObject } from 'react-router';
import { currentLanguage } from '../i18n';
import { ROUTE_SECTIONS } from './routeSectionList';
import { loadSections } from './sections';

/**
 * The routes with each page's `lazy` also loading its sections in the current language, side by
 * side with its code, so the page renders with its texts in place.
 */
export function withRouteSections(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const sections = route.path ? ROUTE_SECTIONS[route.path] : undefined;
    const wrapped = route.children ? ({ ...route, children: withRouteSections(route.children) } as RouteObject) : route;
    const { lazy } = route;
    if (!sections || typeof lazy !== 'function') return wrapped;
    return {
      ...wrapped,
      lazy: async () => {
        const [module] = await Promise.all([lazy(), loadSections(currentLanguage(), sections)]);
        return module;
      },
    } as RouteObject;
  });
}
