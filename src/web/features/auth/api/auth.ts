import type {
  AdminSignUpInput,
  AuthResult,
  ForgotPasswordInput,
  Ok,
  ResetPasswordInput,
  SignInInput,
  SignInResult,
  SignUpInput,
} from '../../../../shared/features/auth/auth.contracts';
import type { Language } from '../../../../shared/i18n/languages';
import { api } from '../../../lib/api';

export type SignUpBody = SignUpInput & { lang: Language };
export type AdminSignUpBody = AdminSignUpInput & { lang: Language };

export const signIn = (body: SignInInput) => api<SignInResult>('POST', '/api/auth/sign-in', body);
/** Sign-in's second step (decision 0042): a code for the session the password opened. */
export const signInCode = (code: string) => api<AuthResult>('POST', '/api/auth/sign-in/two-factor', { code });
export const signUp = (body: SignUpBody) => api<AuthResult>('POST', '/api/auth/sign-up', body);
export const adminSignUp = (body: AdminSignUpBody) => api<AuthResult>('POST', '/api/auth/admin-sign-up', body);
export const forgotPassword = (body: ForgotPasswordInput) => api<Ok>('POST', '/api/auth/forgot-password', body);
export const resetPassword = (body: ResetPasswordInput) => api<Ok>('POST', '/api/auth/reset-password', body);
export const resendVerification = () => api<Ok>('POST', '/api/auth/verify-email/resend');
export const signOut = () => api<Ok>('POST', '/api/auth/sign-out');
