import type { Language } from '../../../../shared/i18n/languages';
import type {
  AdminSignUpInput,
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api';
import type { AuthResult } from '../../../lib/me';

export type SignUpBody = SignUpInput & { lang: Language };
export type AdminSignUpBody = AdminSignUpInput & { lang: Language };

export const signIn = (body: SignInInput) => api<AuthResult>('POST', '/api/auth/sign-in', body);
export const signUp = (body: SignUpBody) => api<AuthResult>('POST', '/api/auth/sign-up', body);
export const adminSignUp = (body: AdminSignUpBody) => api<AuthResult>('POST', '/api/auth/admin-sign-up', body);
export const forgotPassword = (body: ForgotPasswordInput) => api<unknown>('POST', '/api/auth/forgot-password', body);
export const resetPassword = (body: ResetPasswordInput) => api<unknown>('POST', '/api/auth/reset-password', body);
export const resendVerification = () => api<unknown>('POST', '/api/auth/verify-email/resend');
export const signOut = () => api<{ ok: true }>('POST', '/api/auth/sign-out');
