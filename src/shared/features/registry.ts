/*
 * The shared half of every feature's manifest (decision 0079), one line per feature. The route table
 * (PAGE_ROUTES), the admin top bar (ADMIN_PAGES) and the message catalogue's owners are read from
 * here; the server's half is src/server/features/registry.ts. Data only: the web's entry imports it
 * through the route table, so nothing heavy belongs in a manifest.
 *
 * The admin top bar shows its entries in this order.
 */

import { accountFeature } from './account/manifest';
import { auditFeature } from './audit/manifest';
import { authFeature } from './auth/manifest';
import { complianceFeature } from './compliance/manifest';
import { dashboardFeature } from './dashboard/manifest';
import { documentsFeature } from './documents/manifest';
import { einFeature } from './ein/manifest';
import { errorsFeature } from './errors/manifest';
import type { SharedFeature } from './feature';
import { filingsFeature } from './filings/manifest';
import { formationsFeature } from './formations/manifest';
import { guidesFeature } from './guides/manifest';
import { legalFeature } from './legal/manifest';
import { overviewFeature } from './overview/manifest';
import { paymentsFeature } from './payments/manifest';
import { privacyFeature } from './privacy/manifest';
import { renewalsFeature } from './renewals/manifest';
import { retentionFeature } from './retention/manifest';
import { servicesFeature } from './services/manifest';
import { shortLinksFeature } from './short-links/manifest';
import { ss4Feature } from './ss4/manifest';
import { staffFeature } from './staff/manifest';
import { supportFeature } from './support/manifest';
import { turnkeyFeature } from './turnkey/manifest';
import { twoFactorFeature } from './two-factor/manifest';
import { usersFeature } from './users/manifest';

export const SHARED_FEATURES: readonly SharedFeature[] = [
  formationsFeature,
  complianceFeature,
  filingsFeature,
  einFeature,
  servicesFeature,
  paymentsFeature,
  renewalsFeature,
  usersFeature,
  supportFeature,
  shortLinksFeature,
  staffFeature,
  auditFeature,
  privacyFeature,
  authFeature,
  legalFeature,
  accountFeature,
  dashboardFeature,
  turnkeyFeature,
  guidesFeature,
  documentsFeature,
  ss4Feature,
  twoFactorFeature,
  overviewFeature,
  retentionFeature,
  errorsFeature,
];

/** Message namespaces of the app's frame and shared components, which no one feature owns. */
export const SHELL_MESSAGES: readonly string[] = ['common', 'company', 'catalogue', 'admin'];
