import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../domain/limits';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { signUpRefSchema } from '../short-links/short-links.schemas';

/**
 * The sign-up, sign-in and password rules of product.md#account-rules. Messages are i18n keys under `validation.`;
 * the web form and the API both translate them in the user's language.
 */
export const emailField = safeText(TEXT_MAX.email, {
  error: 'validation.emailRequired',
  tooLong: 'validation.emailTooLong',
})
  .min(1, 'validation.emailRequired')
  .pipe(z.email('validation.emailInvalid'));

// Never trimmed: spaces are part of a password.
const passwordBase = safeText(TEXT_MAX.password, {
  error: 'validation.passwordRequired',
  tooLong: 'validation.passwordMax',
  trim: false,
})
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin');

export const passwordWithDigit = passwordBase.regex(/\d/, 'validation.passwordDigit');

export const fullName = safeText(TEXT_MAX.fullName, {
  error: 'validation.fullNameRequired',
  tooLong: 'validation.fullNameTooLong',
}).min(1, 'validation.fullNameRequired');

const terms = z.literal(true, { error: 'validation.termsRequired' });

const utm = safeText(TEXT_MAX.utm).optional().nullable();

/**
 * 'Passwords do not match' under the confirmation field. Zod 4 skips object-level checks while any
 * field fails; `when` runs this one as soon as both passwords are strings, so the message shows
 * alongside the other errors instead of only after they are fixed.
 */
export const passwordsMatch: [
  (value: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; message: string; when: (payload: { value: unknown }) => boolean },
] = [
  (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword,
  {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
    when: (payload: { value: unknown }) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  },
];

export const confirmPassword = safeText(TEXT_MAX.password, {
  error: 'validation.passwordsMismatch',
  tooLong: 'validation.passwordMax',
  trim: false,
});

export const signUpSchema = z
  .object({
    fullName,
    email: emailField,
    password: passwordWithDigit,
    confirmPassword,
    terms,
    /** Decision 0046: the optional product-mail consent, asked on its own, never pre-ticked. */
    productMails: z.boolean().optional(),
    utmSource: utm,
    utmMedium: utm,
    utmCampaign: utm,
    /** The short link the visitor came through (its slug, appended as `ref`); dropped unless slug-shaped. */
    ref: signUpRefSchema,
  })
  .refine(...passwordsMatch);
export type SignUpInput = z.input<typeof signUpSchema>;

export const adminSignUpSchema = z
  .object({
    fullName,
    email: emailField,
    password: passwordBase,
    confirmPassword,
    adminCode: safeText(TEXT_MAX.adminCode, { error: 'validation.adminCodeRequired' }).min(
      1,
      'validation.adminCodeRequired',
    ),
    terms,
  })
  .refine(...passwordsMatch);
export type AdminSignUpInput = z.input<typeof adminSignUpSchema>;

/** Only "required" is shown on sign-in (product.md#account-rules); the bounds keep junk away from the auth library. */
export const signInSchema = z.object({
  email: safeText(TEXT_MAX.email, { error: 'validation.emailRequired', tooLong: 'validation.emailTooLong' }).min(
    1,
    'validation.emailRequired',
  ),
  password: safeText(TEXT_MAX.password, {
    error: 'validation.passwordRequired',
    tooLong: 'validation.passwordMax',
    trim: false,
  }).min(1, 'validation.passwordRequired'),
  rememberMe: z.boolean().optional().default(false),
});
export type SignInInput = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: safeText(TEXT_MAX.token, { error: 'validation.tokenRequired' }).min(1, 'validation.tokenRequired'),
    password: passwordWithDigit,
    confirmPassword,
  })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const updateMeSchema = z.object({
  lang: z.enum(['tr', 'en']),
});

const invitationToken = safeText(TEXT_MAX.token, { error: 'validation.tokenRequired' }).min(
  1,
  'validation.tokenRequired',
);

/** Decision 0043: an invitation link's token, to see the invitation before accepting it. */
export const invitationTokenSchema = z.object({ token: invitationToken });

/** Decision 0043: an invitee joins the staff with the link's token, their name and a password of their own. */
export const acceptInvitationSchema = z
  .object({
    token: invitationToken,
    fullName,
    password: passwordWithDigit,
    confirmPassword,
  })
  .refine(...passwordsMatch);
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;
