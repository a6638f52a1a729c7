import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { forgotPasswordSchema } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { forgotPassword } from '../api/auth';
import { AuthShell } from '../components/AuthShell';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgotPassword(values);
      // The same answer whether or not the address has an account, so it cannot be probed.
      setSent(true);
    } catch (error) {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, ['email'])) return;
      toast.error(errorMessage(error, 'errors.INTERNAL', t));
    }
  });

  return (
    <AuthShell title={t('auth.forgotPassword.title')} subtitle={sent ? undefined : t('auth.forgotPassword.subtitle')}>
      {sent ? (
        <Alert tone="success">{t('auth.forgotPassword.sent')}</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label={t('auth.fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t('auth.forgotPassword.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <TextLink to="/signin">{t('auth.backToSignIn')}</TextLink>
      </p>
    </AuthShell>
  );
}
