import { z } from 'zod';
import { safeText, TEXT_MAX } from '../../schemas/text';

/*
 * The second factor's request bodies (decision 0042). Plain zod, apart from the contract (which
 * re-exports them), so the account's security page runs the API's own schemas in its forms.
 */

/** A 6-digit code from the app, or a recovery code (`ABCD-EFGH-JKLM-NPQR`, spaces and case ignored). */
export const twoFactorCodeSchema = z.object({
  code: safeText(40, { error: 'validation.twoFactorCodeRequired' }).min(1, 'validation.twoFactorCodeRequired'),
});
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

const currentPassword = safeText(TEXT_MAX.password, { error: 'validation.passwordRequired', trim: false });

/**
 * Enrolment's first step. The current password is needed when the session's sign-in is older than
 * RECENT_SIGN_IN_MS: a session taken over later cannot tie the account to someone else's app.
 */
export const twoFactorSetupRequestSchema = z.object({ currentPassword: currentPassword.optional() });
export type TwoFactorSetupRequest = z.input<typeof twoFactorSetupRequestSchema>;

/** The same body when the server has said it needs the password: the form asks for it then. */
export const twoFactorSetupWithPasswordSchema = z.object({
  currentPassword: currentPassword.min(1, 'validation.passwordRequired'),
});
