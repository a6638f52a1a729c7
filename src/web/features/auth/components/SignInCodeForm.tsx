import type { AuthResult } from '../../../../shared/features/auth/auth.contracts';
import { TextField } from '../../../components/ui/Input';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useLiteForm } from '../../../lib/liteForm';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { signInCode } from '../api/auth';
import { AuthForm } from './AuthForm';

const EMPTY = { code: '' };
const checkCode = (values: typeof EMPTY) =>
  values.code.trim() ? {} : { code: 'validation.twoFactorCodeRequired' as const };

/**
 * Sign-in's second step (decision 0042), on the sign-in page itself: the password opened a session
 * that waits for a code from the authenticator app or a recovery code.
 */
export function SignInCodeForm({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (result: AuthResult) => Promise<void>;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(EMPTY, checkCode);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onSignedIn(await signInCode(code.trim()));
    } catch (error) {
      if (isApiError(error, 'INVALID_TWO_FACTOR_CODE')) {
        setError('code', { type: 'server', message: 'errors.INVALID_TWO_FACTOR_CODE' }, { shouldFocus: true });
      } else if (isApiError(error, 'UNAUTHENTICATED')) {
        toast.error(t('auth.signIn.codeExpired'));
        onExpired();
      } else {
        toast.error(errorMessage(error, 'errors.SIGN_IN_FAILED', t));
      }
    }
  });

  return (
    <>
      <AuthForm onSubmit={onSubmit} submitLabel={t('auth.signIn.codeSubmit')} submitting={isSubmitting}>
        <TextField
          label={t('auth.signIn.codeLabel')}
          hint={t('auth.signIn.codeHint')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
      </AuthForm>
      <p className="mt-6 text-center text-sm">
        <TextLink to="/signin" onClick={onExpired}>
          {t('auth.signIn.codeBack')}
        </TextLink>
      </p>
    </>
  );
}
