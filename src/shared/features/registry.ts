/*
 * Every feature, once, in one list (decisions 0079 and 0101): a feature is a folder of the same name under
 * src/server/features, src/shared/features and/or src/web/features, and its line here is all the central
 * code needs. A line is the feature's pages (its shared manifest's `<feature>Pages`), or NO_PAGES.
 * What else a feature has is found by its file's name and place, not listed: its server manifest
 * (src/server/features/<f>/<f>.manifest.ts), its authorization-matrix rows (<f>.matrix.ts), its tables
 * (<f>.schema.ts), its message sections and its pages' modules. tests/unit/feature-registry.test.ts
 * fails, naming the folder, when a folder is missing here or a line names what the folder does not have.
 *
 * ORDER MATTERS, and is this list's:
 * - the server mounts the features' routers in it; where two mount under the same path the first answers
 *   (Hono): /api/auth (auth, then two-factor's sign-in step), /api/admin/ (payments, then overview's
 *   counts), /api/admin/ein-applications (ss4, then ein), /api/admin/staff (two-factor, then staff);
 * - the admin top bar shows its entries (the admin pages with a `nav`) in it;
 * - the authorization matrix runs the features' rows in it (a row may find what an earlier one left).
 *
 * The web's entry imports this through the route table, and the sign-in page's first load has a budget
 * (decision 0061): each module here costs it bytes, so a manifest's other declarations (its `messages`)
 * are separate exports that only a test reads.
 */

import type { PageRoute } from '../routes/page';
import { accountPages } from './account/manifest';
import { auditPages } from './audit/manifest';
import { authPages } from './auth/manifest';
import { bankReadinessPages } from './bank-readiness/manifest';
import { compliancePages } from './compliance/manifest';
import { dashboardPages } from './dashboard/manifest';
import { documentsPages } from './documents/manifest';
import { einPages } from './ein/manifest';
import { filingsPages } from './filings/manifest';
import { formationsPages } from './formations/manifest';
import { guidesPages } from './guides/manifest';
import { legalPages } from './legal/manifest';
import { mailPages } from './mail/manifest';
import { overviewPages } from './overview/manifest';
import { paymentsPages } from './payments/manifest';
import { privacyPages } from './privacy/manifest';
import { renewalsPages } from './renewals/manifest';
import { servicesPages } from './services/manifest';
import { shortLinksPages } from './short-links/manifest';
import { ss4Pages } from './ss4/manifest';
import { staffPages } from './staff/manifest';
import { supportPages } from './support/manifest';
import { turnkeyPages } from './turnkey/manifest';
import { twoFactorPages } from './two-factor/manifest';
import { usersPages } from './users/manifest';

/** A feature without pages in the route table. */
export const NO_PAGES: readonly PageRoute[] = [];

export const FEATURES: Readonly<Record<string, readonly PageRoute[]>> = {
  auth: authPages,
  me: NO_PAGES,
  'two-factor': twoFactorPages,
  timeline: NO_PAGES,
  account: accountPages,
  turnkey: turnkeyPages,
  feedback: NO_PAGES,
  guides: guidesPages,
  ss4: ss4Pages,
  files: NO_PAGES,
  documents: documentsPages,
  // The admin top bar's entries from here to privacy, in its order.
  formations: formationsPages,
  compliance: compliancePages,
  filings: filingsPages,
  mail: mailPages,
  'bank-readiness': bankReadinessPages,
  ein: einPages,
  services: servicesPages,
  payments: paymentsPages,
  renewals: renewalsPages,
  users: usersPages,
  support: supportPages,
  'short-links': shortLinksPages,
  staff: staffPages,
  audit: auditPages,
  privacy: privacyPages,
  overview: overviewPages,
  'dev-mail': NO_PAGES,
  dashboard: dashboardPages,
  legal: legalPages,
  errors: NO_PAGES,
  retention: NO_PAGES,
  'ein-follow-ups': NO_PAGES,
  // Mounted by app.ts at fixed points of its middleware chain; here for their matrix rows' place.
  docs: NO_PAGES,
  health: NO_PAGES,
  metrics: NO_PAGES,
};

/**
 * Every feature's pages, keyed by its folder name, in the registry's order; a page module is named under
 * src/web/features/<name>/. The route table (PAGE_ROUTES) and the admin top bar (ADMIN_PAGES) read it.
 */
export const FEATURE_PAGES: Readonly<Record<string, readonly PageRoute[]>> = FEATURES;

/** Message namespaces of the app's frame and shared components, which no one feature owns. */
export const SHELL_MESSAGES: readonly string[] = ['common', 'company', 'catalogue', 'admin'];
