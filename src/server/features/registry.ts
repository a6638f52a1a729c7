import type { PersonalDataEntry } from '../../shared/domain/personal-data';
import type { ServerFeature } from '../platform/feature';
import { accountFeature } from './account/manifest';
import { adminFeature } from './admin/manifest';
import { auditFeature } from './audit/manifest';
import { authFeature } from './auth/manifest';
import { complianceFeature } from './compliance/manifest';
import { devMailFeature } from './dev-mail/manifest';
import { documentsFeature } from './documents/manifest';
import { einFeature } from './ein/manifest';
import { feedbackFeature } from './feedback/manifest';
import { filesFeature } from './files/manifest';
import { filingsFeature } from './filings/manifest';
import { formationsFeature } from './formations/manifest';
import { guidesFeature } from './guides/manifest';
import { meFeature } from './me/manifest';
import { overviewFeature } from './overview/manifest';
import { paymentsFeature } from './payments/manifest';
import { privacyFeature } from './privacy/manifest';
import { renewalsFeature } from './renewals/manifest';
import { servicesFeature } from './services/manifest';
import { shortLinksFeature } from './short-links/manifest';
import { ss4Feature } from './ss4/manifest';
import { staffFeature } from './staff/manifest';
import { supportFeature } from './support/manifest';
import { timelineFeature } from './timeline/manifest';
import { turnkeyFeature } from './turnkey/manifest';
import { twoFactorFeature } from './two-factor/manifest';
import { usersFeature } from './users/manifest';

/*
 * The server's half of every feature's manifest (decision 0079), one line per feature; the shared half
 * is src/shared/features/registry.ts. The app mounts each feature's API routers, admin-door routers and
 * outside paths in this order (app.ts), and the personal-data registry is every feature's entries.
 *
 * ORDER MATTERS where two features mount under the same path, as Hono answers with the first match:
 * /api/auth (auth, then two-factor's sign-in step), /api/admin/ (payments, then admin),
 * /api/admin/ein-applications (ss4, then ein) and /api/admin/staff (two-factor, then staff).
 */
export const SERVER_FEATURES: readonly ServerFeature[] = [
  authFeature,
  meFeature,
  twoFactorFeature,
  staffFeature,
  timelineFeature,
  accountFeature,
  privacyFeature,
  formationsFeature,
  turnkeyFeature,
  feedbackFeature,
  guidesFeature,
  ss4Feature,
  einFeature,
  filesFeature,
  documentsFeature,
  supportFeature,
  servicesFeature,
  paymentsFeature,
  shortLinksFeature,
  complianceFeature,
  renewalsFeature,
  filingsFeature,
  usersFeature,
  adminFeature,
  auditFeature,
  overviewFeature,
  devMailFeature,
];

/** The personal-data registry (decision 0077): every feature's entries, each named with its feature. */
export const PERSONAL_DATA: readonly PersonalDataEntry[] = SERVER_FEATURES.flatMap((feature) =>
  (feature.personalData ?? []).map((entry) => ({ feature: feature.name, ...entry })),
);
