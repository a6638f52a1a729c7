import type { FeatureMatrix } from '../../../tests/support/matrix-rows';
import { accountMatrix } from '../features/account/account.matrix';
import { auditMatrix } from '../features/audit/audit.matrix';
import { authMatrix } from '../features/auth/auth.matrix';
import { complianceMatrix } from '../features/compliance/compliance.matrix';
import { devMailMatrix } from '../features/dev-mail/dev-mail.matrix';
import { docsMatrix } from '../features/docs/docs.matrix';
import { documentsMatrix } from '../features/documents/documents.matrix';
import { einMatrix } from '../features/ein/ein.matrix';
import { feedbackMatrix } from '../features/feedback/feedback.matrix';
import { filesMatrix } from '../features/files/files.matrix';
import { filingsMatrix } from '../features/filings/filings.matrix';
import { formationsMatrix } from '../features/formations/formations.matrix';
import { guidesMatrix } from '../features/guides/guides.matrix';
import { healthMatrix } from '../features/health/health.matrix';
import { meMatrix } from '../features/me/me.matrix';
import { metricsMatrix } from '../features/metrics/metrics.matrix';
import { overviewMatrix } from '../features/overview/overview.matrix';
import { paymentsMatrix } from '../features/payments/payments.matrix';
import { privacyMatrix } from '../features/privacy/privacy.matrix';
import { renewalsMatrix } from '../features/renewals/renewals.matrix';
import { servicesMatrix } from '../features/services/services.matrix';
import { shortLinksMatrix } from '../features/short-links/short-links.matrix';
import { ss4Matrix } from '../features/ss4/ss4.matrix';
import { staffMatrix } from '../features/staff/staff.matrix';
import { supportMatrix } from '../features/support/support.matrix';
import { timelineMatrix } from '../features/timeline/timeline.matrix';
import { turnkeyMatrix } from '../features/turnkey/turnkey.matrix';
import { twoFactorMatrix } from '../features/two-factor/two-factor.matrix';
import { usersMatrix } from '../features/users/users.matrix';

/** Every feature's rows of the authorization matrix (decision 0093): a new feature adds its line here. */
export const FEATURE_MATRICES: Record<string, FeatureMatrix> = {
  account: accountMatrix,
  audit: auditMatrix,
  auth: authMatrix,
  compliance: complianceMatrix,
  'dev-mail': devMailMatrix,
  docs: docsMatrix,
  documents: documentsMatrix,
  ein: einMatrix,
  feedback: feedbackMatrix,
  files: filesMatrix,
  filings: filingsMatrix,
  formations: formationsMatrix,
  guides: guidesMatrix,
  health: healthMatrix,
  me: meMatrix,
  metrics: metricsMatrix,
  overview: overviewMatrix,
  payments: paymentsMatrix,
  privacy: privacyMatrix,
  renewals: renewalsMatrix,
  services: servicesMatrix,
  'short-links': shortLinksMatrix,
  ss4: ss4Matrix,
  staff: staffMatrix,
  support: supportMatrix,
  timeline: timelineMatrix,
  turnkey: turnkeyMatrix,
  'two-factor': twoFactorMatrix,
  users: usersMatrix,
};
