import { z } from '@hono/zod-openapi';
import { HOME_PATHS } from '../../domain/permissions';
import { ROLES } from '../../domain/roles';

/**
 * The session's contract (sign-up, sign-in, password reset, and who the signed-in user is: /api/auth
 * and /api/me): the request schemas (src/shared/features/auth/auth.schemas.ts, re-exported) and the response shapes.
 * The web imports the types only (`import type`).
 */

export { type Ok, okSchema } from '../../contracts/common';
export {
  type AdminSignUpInput,
  adminSignUpSchema,
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type ResetPasswordInput,
  resetPasswordSchema,
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
  updateMeSchema,
} from './auth.schemas';

/** Where a user belongs after signing in: staff at the EIN desk, customers by their formation. */
const homePathSchema = z.enum(HOME_PATHS);

export const meUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
    lang: z.enum(['tr', 'en']),
  })
  .openapi('MeUser');

/** What sign-in and both sign-ups answer. */
export const authResultSchema = z.object({
  user: meUserSchema,
  hasFormation: z.boolean(),
  redirectTo: homePathSchema,
});

export const meSchema = z
  .object({
    user: meUserSchema,
    hasFormation: z.boolean(),
    home: homePathSchema,
    /** The user has a second factor (decision 0042); staff without one are sent to /account/security. */
    twoFactorEnabled: z.boolean(),
  })
  .openapi('Me');

/**
 * Sign-in's answer when the password was right and the account has a second factor: no session yet,
 * only a short-lived one that waits for the code (POST /api/auth/sign-in/two-factor).
 */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) });
export const signInResultSchema = z.union([authResultSchema, twoFactorChallengeSchema]);

export type SessionUser = z.output<typeof meUserSchema>;
export type AuthResult = z.output<typeof authResultSchema>;
export type Me = z.output<typeof meSchema>;
export type SignInResult = z.output<typeof signInResultSchema>;
export type HomePath = Me['home'];
