import type { FeatureFuzzRules } from '../../../../tests/support/fuzz-rules';

/**
 * Decision 0042: a wrong second-factor code is audited (`auth.two_factor_failed`), as the owner reads
 * failed codes on the audit trail. Decision 0070: it also counts in the account's own limit
 * (`two_factor_limits`), and the one that starts a lockout mails the member; enrolment's confirmation
 * goes through the same door.
 */
const SECOND_FACTOR_REFUSAL_WRITES = ['audit_events', 'two_factor_limits', 'mail_outbox'] as const;

export const twoFactorFuzz: FeatureFuzzRules = {
  refusalWrites: {
    'POST /api/auth/sign-in/two-factor': SECOND_FACTOR_REFUSAL_WRITES,
    'POST /api/me/two-factor/verify': SECOND_FACTOR_REFUSAL_WRITES,
    'POST /api/me/two-factor/disable': SECOND_FACTOR_REFUSAL_WRITES,
    'POST /api/me/two-factor/recovery-codes': SECOND_FACTOR_REFUSAL_WRITES,
    'POST /api/me/two-factor/enable': SECOND_FACTOR_REFUSAL_WRITES,
  },
};
