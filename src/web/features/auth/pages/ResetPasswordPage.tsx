import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { resetPassword } from '../api/auth';
import { NewPasswordFields } from '../components/AuthFields';
import { AuthFooter, AuthForm } from '../components/AuthForm';
import { AuthShell } from '../components/AuthShell';

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    // The token is not a field the user sees; it rides along so the shared schema checks it too.
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await resetPassword(values);
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
    (formErrors) => {
      if (formErrors.token) setInvalid(true);
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
