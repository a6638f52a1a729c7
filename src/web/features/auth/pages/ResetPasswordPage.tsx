import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordSchema } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { resetPassword } from '../api/auth';
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
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <PasswordField
            label={t('auth.fields.newPassword')}
            autoComplete="new-password"
            hint={t('auth.signUp.passwordHint')}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t('auth.resetPassword.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <TextLink to="/signin">{t('auth.backToSignIn')}</TextLink>
      </p>
    </AuthShell>
  );
}
