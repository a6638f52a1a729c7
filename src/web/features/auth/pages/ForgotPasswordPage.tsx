import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useLiteForm } from '../../../lib/liteForm';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { forgotPassword } from '../api/auth';
import { EmailField } from '../components/AuthFields';
import { AuthFooter, AuthForm } from '../components/AuthForm';
import { AuthShell } from '../components/AuthShell';
import { checkForgotPassword, type ForgotPasswordValues } from '../lib/authChecks';

const EMPTY: ForgotPasswordValues = { email: '' };

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  // No zod or react-hook-form here: see authChecks.ts.
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(EMPTY, checkForgotPassword);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgotPassword({ email: values.email.trim() });
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
        <AuthForm onSubmit={onSubmit} submitLabel={t('auth.forgotPassword.submit')} submitting={isSubmitting}>
          <EmailField error={errors.email?.message} {...register('email')} />
        </AuthForm>
      )}
      <AuthFooter>
        <TextLink to="/signin">{t('auth.backToSignIn')}</TextLink>
      </AuthFooter>
    </AuthShell>
  );
}
