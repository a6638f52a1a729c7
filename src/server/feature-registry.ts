import type { PersonalDataEntry } from '../shared/domain/personal-data';
import { accountFeature } from './features/account/account.manifest';
import { auditFeature } from './features/audit/audit.manifest';
import { authFeature } from './features/auth/auth.manifest';
import { bankReadinessFeature } from './features/bank-readiness/bank-readiness.manifest';
import { complianceFeature } from './features/compliance/compliance.manifest';
import { devMailFeature } from './features/dev-mail/dev-mail.manifest';
import { documentsFeature } from './features/documents/documents.manifest';
import { einFeature } from './features/ein/ein.manifest';
import { feedbackFeature } from './features/feedback/feedback.manifest';
import { filesFeature } from './features/files/files.manifest';
import { filingsFeature } from './features/filings/filings.manifest';
import { formationsFeature } from './features/formations/formations.manifest';
import { guidesFeature } from './features/guides/guides.manifest';
import { mailFeature } from './features/mail/mail.manifest';
import { meFeature } from './features/me/me.manifest';
import { overviewFeature } from './features/overview/overview.manifest';
import { paymentsFeature } from './features/payments/payments.manifest';
import { privacyFeature } from './features/privacy/privacy.manifest';
import { renewalsFeature } from './features/renewals/renewals.manifest';
import { servicesFeature } from './features/services/services.manifest';
import { shortLinksFeature } from './features/short-links/short-links.manifest';
import { ss4Feature } from './features/ss4/ss4.manifest';
import { staffFeature } from './features/staff/staff.manifest';
import { supportFeature } from './features/support/support.manifest';
import { timelineFeature } from './features/timeline/timeline.manifest';
import { turnkeyFeature } from './features/turnkey/turnkey.manifest';
import { twoFactorFeature } from './features/two-factor/two-factor.manifest';
import { usersFeature } from './features/users/users.manifest';
import type { ServerFeature } from './platform/feature';

/*
 * The server's half of every feature's manifest (decision 0079), one line per feature; the shared half
 * is src/shared/features/registry.ts. The app mounts each feature's API routers, admin-door routers and
 * outside paths in this order (app.ts), and the personal-data registry is every feature's entries.
 *
 * ORDER MATTERS where two features mount under the same path, as Hono answers with the first match:
 * /api/auth (auth, then two-factor's sign-in step), /api/admin/ (payments, then overview's counts),
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
  bankReadinessFeature,
  mailFeature,
  usersFeature,
  auditFeature,
  overviewFeature,
  devMailFeature,
];

/** The personal-data registry (decision 0077): every feature's entries, each named with its feature. */
export const PERSONAL_DATA: readonly PersonalDataEntry[] = SERVER_FEATURES.flatMap((feature) =>
  (feature.personalData ?? []).map((entry) => ({ feature: feature.name, ...entry })),
);
