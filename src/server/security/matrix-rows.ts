import type { FeatureMatrix } from '../../../tests/support/matrix-rows';
import { accountMatrix } from '../features/account/account.matrix';
import { auditMatrix } from '../features/audit/audit.matrix';
import { authMatrix } from '../features/auth/auth.matrix';
import { bankReadinessMatrix } from '../features/bank-readiness/bank-readiness.matrix';
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
import { mailMatrix } from '../features/mail/mail.matrix';
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

/**
 * Every feature's rows of the authorization matrix (decision 0093): a new feature adds its line here. The
 * order is the order the rows run in: a row without `fresh` may find what an earlier row left (a paid turnkey
 * request after the payment rows), so a feature whose rows share B's records keeps its place.
 */
export const FEATURE_MATRICES: Record<string, FeatureMatrix> = {
  auth: authMatrix,
  me: meMatrix,
  'two-factor': twoFactorMatrix,
  timeline: timelineMatrix,
  account: accountMatrix,
  overview: overviewMatrix,
  ein: einMatrix,
  ss4: ss4Matrix,
  formations: formationsMatrix,
  turnkey: turnkeyMatrix,
  services: servicesMatrix,
  payments: paymentsMatrix,
  users: usersMatrix,
  feedback: feedbackMatrix,
  guides: guidesMatrix,
  files: filesMatrix,
  documents: documentsMatrix,
  support: supportMatrix,
  compliance: complianceMatrix,
  renewals: renewalsMatrix,
  filings: filingsMatrix,
  staff: staffMatrix,
  audit: auditMatrix,
  privacy: privacyMatrix,
  'short-links': shortLinksMatrix,
  docs: docsMatrix,
  'dev-mail': devMailMatrix,
  health: healthMatrix,
  metrics: metricsMatrix,
  // Ran last while they were central rows (their letters and addresses are made per cell).
  'bank-readiness': bankReadinessMatrix,
  mail: mailMatrix,
};
