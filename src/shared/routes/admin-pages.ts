import { ADMIN_HOME_PATH, type Permission } from '../domain/permissions';
import type { AdminNavEntry } from '../features/feature';
import { SHARED_FEATURES } from '../features/registry';

/**
 * The back office's pages with the permission each needs to load at all, in the top bar's order: every
 * feature's admin nav entries (its manifest, decision 0079), in the registry's order. The top bar shows
 * only those a role holds; a page opened without it is refused by its guard.
 */
export const ADMIN_PAGES: readonly AdminNavEntry[] = SHARED_FEATURES.flatMap((feature) => feature.adminNav ?? []);

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
