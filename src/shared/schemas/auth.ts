import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../domain/limits';

/**
 * The sign-up, sign-in and password rules of SPEC §5. Messages are i18n keys under `validation.`;
 * the web form and the API both translate them in the user's language.
 */
export const emailField = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .pipe(z.email('validation.emailInvalid'));

const passwordBase = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(128, 'validation.passwordMax');

const passwordWithDigit = passwordBase.regex(/\d/, 'validation.passwordDigit');

const fullName = z
  .string({ error: 'validation.fullNameRequired' })
  .trim()
  .min(1, 'validation.fullNameRequired')
  .max(120, 'validation.fullNameTooLong');

const terms = z.literal(true, { error: 'validation.termsRequired' });

const utm = z.string().trim().max(200).optional().nullable();

/**
 * 'Passwords do not match' under the confirmation field. Zod 4 skips object-level checks while any
 * field fails; `when` runs this one as soon as both passwords are strings, so the message shows
 * alongside the other errors instead of only after they are fixed.
 */
const passwordsMatch: [
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

const confirmPassword = z.string({ error: 'validation.passwordsMismatch' });

export const signUpSchema = z
  .object({
    fullName,
    email: emailField,
    password: passwordWithDigit,
    confirmPassword,
    terms,
    utmSource: utm,
    utmMedium: utm,
    utmCampaign: utm,
  })
  .refine(...passwordsMatch);
export type SignUpInput = z.input<typeof signUpSchema>;

export const adminSignUpSchema = z
  .object({
    fullName,
    email: emailField,
    password: passwordBase,
    confirmPassword,
    adminCode: z.string({ error: 'validation.adminCodeRequired' }).trim().min(1, 'validation.adminCodeRequired'),
    terms,
  })
  .refine(...passwordsMatch);
export type AdminSignUpInput = z.input<typeof adminSignUpSchema>;

export const signInSchema = z.object({
  email: z.string({ error: 'validation.emailRequired' }).trim().min(1, 'validation.emailRequired'),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired'),
  rememberMe: z.boolean().optional().default(false),
});
export type SignInInput = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, 'validation.tokenRequired'),
    password: passwordWithDigit,
    confirmPassword,
  })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const updateMeSchema = z.object({
  lang: z.enum(['tr', 'en']),
});
