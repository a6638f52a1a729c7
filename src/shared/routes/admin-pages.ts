import { ADMIN_HOME_PATH, type Permission } from '../domain/permissions';
import { ADMIN_NAV_GROUPS, type AdminNavGroup } from './page';
import { PAGE_ROUTES } from './route-table';

/** A page of the back office in the top bar, with the permission it needs to load at all. */
export interface AdminPageEntry {
  readonly path: string;
  /** Its label's key under admin.nav in the catalogue. */
  readonly key: string;
  readonly permission: Permission;
  /** The top bar's group it is listed under (decision 0100). */
  readonly group: AdminNavGroup;
}

/**
 * The back office's pages with the permission each needs to load at all, in the top bar's order: every
 * admin page a feature's manifest gives a `nav` (decision 0079), in the registry's order. The top bar
 * shows only those a role holds; a page opened without it is refused by its guard.
 */
export const ADMIN_PAGES: readonly AdminPageEntry[] = PAGE_ROUTES.flatMap((page) =>
  page.nav
    ? [{ path: `/${page.path}`, key: page.nav.key, permission: page.nav.permission, group: page.nav.group }]
    : [],
);

/**
 * `entries` in the top bar's groups (ADMIN_NAV_GROUPS' order, each in the registry's order), leaving out
 * a group with none: a role sees only the groups of the pages it may open.
 */
export function adminNavGroups(
  entries: readonly AdminPageEntry[],
): { group: AdminNavGroup; entries: AdminPageEntry[] }[] {
  return ADMIN_NAV_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) })).filter(
    (g) => g.entries.length > 0,
  );
}

/**
 * The permission an admin page needs to load at all, for a router path ('admin/formations/:id') or a
 * URL's path ('/admin/formations/1f2e…'): the section it lies under.
 */
export function pagePermission(path: string): Permission | undefined {
  const at = `/${path.replace(/^\//, '')}`;
  // The operator's home (decision 0055) is /admin itself, not a section the others lie under.
  if (at === ADMIN_HOME_PATH || at === `${ADMIN_HOME_PATH}/`) return 'overview.read';
  return ADMIN_PAGES.find((p) => at === p.path || at.startsWith(`${p.path}/`))?.permission;
}
