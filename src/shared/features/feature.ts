import type { Permission } from '../domain/permissions';
import type { PageRoute } from '../routes/page';

/** A page of the back office in the admin top bar, with the permission it needs to load at all. */
export interface AdminNavEntry {
  readonly path: string;
  /** Its label's key under `admin.nav` in the catalogue. */
  readonly key: string;
  readonly permission: Permission;
}

/**
 * The shared half of a feature's manifest (decision 0079): data that the web, the server and the tests
 * all read, so no component, route handler or message file is imported here. The server's half
 * (src/server/features/<feature>/manifest.ts) adds its API mounts and its personal data.
 */
export interface SharedFeature {
  /** The feature's folder name (src/web/features/<name>, src/server/features/<name>). */
  readonly name: string;
  /** Its web pages, in the route table (src/shared/routes/route-table.ts). */
  readonly pages?: readonly PageRoute[];
  /** Its entries in the admin top bar (ADMIN_PAGES). */
  readonly adminNav?: readonly AdminNavEntry[];
  /** The catalogue namespaces it owns (src/shared/i18n/{tr,en}/<namespace>.json, listed in i18n/ui.ts). */
  readonly messages?: readonly string[];
}
