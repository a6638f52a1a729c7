import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useLiteForm } from '../../../lib/liteForm';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { resetPassword } from '../api/auth';
import { NewPasswordFields } from '../components/AuthFields';
import { AuthFooter, AuthForm } from '../components/AuthForm';
import { AuthShell } from '../components/AuthShell';
import { checkResetPassword } from '../lib/authChecks';

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{t('errors.INVALID_TOKEN')}</p>
      <p className="mt-2">
        <TextLink to="/forgot-password">{t('auth.resetPassword.requestNew')}</TextLink>
      </p>
    </Alert>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [invalid, setInvalid] = useState(token === '');
  // No zod or react-hook-form here: see authChecks.ts. The token is not a field the user sees; it
  // rides along so that it is checked as the shared schema checks it.
  const empty = useMemo(() => ({ token, password: '', confirmPassword: '' }), [token]);
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(empty, checkResetPassword);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await resetPassword({ ...values, token: values.token.trim() });
        toast.success(t('auth.resetPassword.success'));
        navigate('/signin', { replace: true });
      } catch (error) {
        if (isApiError(error, 'INVALID_TOKEN') || (isApiError(error) && error.fields.token)) {
          setInvalid(true);
        } else if (
          isApiError(error, 'VALIDATION_FAILED') &&
          applyFieldErrors(setError, error.fields, ['password', 'confirmPassword'])
        ) {
          // The fields say what is wrong.
        } else {
          toast.error(errorMessage(error, 'errors.INTERNAL', t));
        }
      }
    },
    (problems) => {
      if (problems.token) setInvalid(true);
    },
  );

  return (
    <AuthShell title={t('auth.resetPassword.title')} subtitle={invalid ? undefined : t('auth.resetPassword.subtitle')}>
      {invalid ? (
        <InvalidLink />
      ) : (
        <AuthForm onSubmit={onSubmit} submitLabel={t('auth.resetPassword.submit')} submitting={isSubmitting}>
          <NewPasswordFields
            label={t('auth.fields.newPassword')}
            hint={t('auth.signUp.passwordHint')}
            password={{ ...register('password'), error: errors.password?.message }}
            confirmPassword={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
          />
        </AuthForm>
      )}
      <AuthFooter>
        <TextLink to="/signin">{t('auth.backToSignIn')}</TextLink>
      </AuthFooter>
    </AuthShell>
  );
}
