import { z } from 'zod';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { confirmPassword, emailField, fullName, passwordsMatch, passwordWithDigit } from '../auth/auth.schemas';

/** The account page's rules (decision 0044). Messages are i18n keys, as in auth.ts. */

/** The password the user has now: only "required" is said, as on sign-in. */
const currentPassword = safeText(TEXT_MAX.password, {
  error: 'validation.passwordRequired',
  tooLong: 'validation.passwordMax',
  trim: false,
}).min(1, 'validation.passwordRequired');

export const updateAccountSchema = z.object({ fullName });
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

/** A new address is confirmed by a link mailed to it; the current password proves it is the owner asking. */
export const emailChangeSchema = z.object({ newEmail: emailField, currentPassword });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const confirmEmailChangeSchema = z.object({
  token: safeText(TEXT_MAX.token, { error: 'validation.tokenRequired' }).min(1, 'validation.tokenRequired'),
});
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeSchema>;

export const changePasswordSchema = z
  .object({ currentPassword, password: passwordWithDigit, confirmPassword })
  .refine(...passwordsMatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
