import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { ME_KEY } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { resendVerification, signOut } from './auth';

/* The signed-in pages' session actions, on the query cache (kept apart from auth.ts, which the public pages load). */

export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Anonymous from now on, for every page that reads the cached session.
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
