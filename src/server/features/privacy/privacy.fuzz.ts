import type { FeatureFuzzRules } from '../../../../tests/support/fuzz-rules';

/** Decision 0046: a data copy's download records itself (an audit row and a mail to the customer). */
export const privacyFuzz: FeatureFuzzRules = {
  recordedDownloads: ['GET /api/privacy/export.zip', 'GET /api/admin/privacy/customers/{id}/export.zip'],
};
