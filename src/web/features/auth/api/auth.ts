import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Language } from '../../../../shared/i18n/languages';
import type {
  AdminSignUpInput,
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { type AuthResult, ME_KEY } from '../../../lib/session';
import { toast } from '../../../lib/toast';

export type SignUpBody = SignUpInput & { lang: Language };
export type AdminSignUpBody = AdminSignUpInput & { lang: Language };

export const signIn = (body: SignInInput) => api<AuthResult>('POST', '/api/auth/sign-in', body);
export const signUp = (body: SignUpBody) => api<AuthResult>('POST', '/api/auth/sign-up', body);
export const adminSignUp = (body: AdminSignUpBody) => api<AuthResult>('POST', '/api/auth/admin-sign-up', body);
export const forgotPassword = (body: ForgotPasswordInput) => api<unknown>('POST', '/api/auth/forgot-password', body);
export const resetPassword = (body: ResetPasswordInput) => api<unknown>('POST', '/api/auth/reset-password', body);
export const resendVerification = () => api<unknown>('POST', '/api/auth/verify-email/resend');
const signOut = () => api<{ ok: true }>('POST', '/api/auth/sign-out');

/** The session changed: the next guard must ask the server again rather than trust the cache. */
export function sessionChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ME_KEY, refetchType: 'none' });
}

export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Anonymous from now on: the sign-in page's guard must see it before we go there.
      queryClient.setQueryData(ME_KEY, null);
      toast.success(t('common.signOut.success'));
      await navigate('/signin', { replace: true });
      // Forget everything fetched for this user only once its page is gone: removed while mounted, its
      // queries would fetch again, fail as signed out and add a second, "please sign in" toast.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
    },
    onError: () => {
      toast.error(t('common.signOut.failed'));
    },
  });
}

export function useResendVerification() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => {
      toast.success(t('common.verifyBanner.sent'));
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'common.verifyBanner.failed', t));
    },
  });
}
