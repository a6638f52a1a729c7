import type { OpenAPIHono } from '@hono/zod-openapi';
import type { FeaturePersonalData } from '../../shared/domain/personal-data';
import type { PageFirstCalls } from './first-calls';
import type { AdminMount } from './http/admin-door';
import type { AppEnv } from './http/context';

/** A router mounted under /api, outside the admin door: the customer's and the public API. */
export interface ApiMount {
  /** Where it is mounted, e.g. '/api/renewals'. */
  readonly path: `/api/${string}`;
  readonly routes: () => OpenAPIHono<AppEnv>;
}

/** What a path outside /api needs of the app: where the built web app is, or null when it is not served. */
export interface OutsideOptions {
  readonly webDistDir: string | null;
}

/**
 * A path answered outside /api, after the API's catch-all and before the web app's (a link whose path is
 * its credential: /go/{slug}, /calendar/{token}.ics).
 */
export type OutsideMount = (app: OpenAPIHono<AppEnv>, opts: OutsideOptions) => void;

/**
 * The server's half of a feature's manifest (decision 0079), exported by
 * src/server/features/<name>/<name>.manifest.ts and loaded by src/server/feature-registry.ts for the
 * feature's line in src/shared/features/registry.ts (decision 0101). The app mounts what it lists and the
 * privacy tests hold its personal data to the schema; the shared half
 * (src/shared/features/<name>/manifest.ts) has its pages, admin nav entries and message namespaces.
 */
export interface ServerFeature {
  /** The feature's folder name. */
  readonly name: string;
  /** Its routers under /api, mounted in the registry's order. */
  readonly api?: readonly ApiMount[];
  /** Its routers in the admin door (under /api/admin), each operation naming its permission (adminRoute). */
  readonly admin?: readonly AdminMount[];
  readonly outside?: readonly OutsideMount[];
  /**
   * The first GET calls of its pages that a page's HTML answers (decision 0104), by the page's route
   * path; several features may answer calls of one page.
   */
  readonly firstCalls?: Readonly<Record<string, PageFirstCalls>>;
  /** Every table, column and stored-file kind of personal data it keeps (decision 0077). */
  readonly personalData?: readonly FeaturePersonalData[];
}
