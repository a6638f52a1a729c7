/*
 * The shared half of every feature's manifest (decision 0079): its pages, one line per feature that
 * has any, keyed by the feature's folder name; a page module is named under src/web/features/<name>/. The route table (PAGE_ROUTES) and the admin top bar (ADMIN_PAGES, the admin pages with a
 * `nav`) are read from here; the server's half is src/server/feature-registry.ts. The web's entry
 * imports this through the route table, and the sign-in page's first load has a budget (decision
 * 0061): each module here costs it bytes, so a manifest's other declarations (its `messages`) are
 * separate exports that only a test reads.
 *
 * The admin top bar shows its entries in this order.
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

export const FEATURE_PAGES: Readonly<Record<string, readonly PageRoute[]>> = {
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
  auth: authPages,
  legal: legalPages,
  account: accountPages,
  dashboard: dashboardPages,
  turnkey: turnkeyPages,
  guides: guidesPages,
  documents: documentsPages,
  ss4: ss4Pages,
  'two-factor': twoFactorPages,
  overview: overviewPages,
};

/** Message namespaces of the app's frame and shared components, which no one feature owns. */
export const SHELL_MESSAGES: readonly string[] = ['common', 'company', 'catalogue', 'admin'];
