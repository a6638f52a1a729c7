import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Input';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useLiteForm } from '../../../lib/liteForm';
import { sessionChanged } from '../../../lib/me';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { adminSignUp } from '../api/auth';
import { EmailField, FullNameField, NewPasswordFields } from '../components/AuthFields';
import { AuthFooter, AuthForm } from '../components/AuthForm';
import { AuthShell } from '../components/AuthShell';
import { TermsCheckbox } from '../components/TermsCheckbox';
import { type AdminSignUpValues, checkAdminSignUp, trimmed } from '../lib/authChecks';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword', 'adminCode', 'terms'] as const;
const EMPTY: AdminSignUpValues = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  adminCode: '',
  terms: false,
};

export function AdminSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  // No zod or react-hook-form here: see authChecks.ts.
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(EMPTY, checkAdminSignUp);

  const onSubmit = handleSubmit(async (values) => {
    setClosedMessage(null);
    try {
      const result = await adminSignUp({
        ...trimmed(values),
        adminCode: values.adminCode.trim(),
        // checkAdminSignUp lets the form through only with the box ticked.
        terms: true,
        lang: currentLanguage(),
      });
      await sessionChanged();
      toast.success(t('auth.adminSignUp.success'));
      navigate(result.redirectTo || '/admin/ein', { replace: true });
    } catch (error) {
      if (isApiError(error, 'EMAIL_TAKEN')) {
        setError('email', { type: 'server', message: 'errors.EMAIL_TAKEN' }, { shouldFocus: true });
      } else if (isApiError(error, 'INVALID_ADMIN_CODE')) {
        setError('adminCode', { type: 'server', message: 'errors.INVALID_ADMIN_CODE' }, { shouldFocus: true });
      } else if (isApiError(error, 'ADMIN_SIGNUP_CLOSED')) {
        setClosedMessage(errorMessage(error, 'errors.ADMIN_SIGNUP_CLOSED', t));
      } else if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, FIELDS)) {
        // The fields say what is wrong.
      } else if (isApiError(error) && error.status === 429) {
        toast.error(errorMessage(error, 'errors.TOO_MANY_ATTEMPTS', t));
      } else {
        toast.error(t('auth.adminSignUp.failed'));
      }
    }
  });

  return (
    <AuthShell title={t('auth.adminSignUp.title')} subtitle={t('auth.adminSignUp.subtitle')}>
      {closedMessage ? (
        <Alert tone="error" className="mb-5">
          {closedMessage}
        </Alert>
      ) : null}
      <AuthForm onSubmit={onSubmit} submitLabel={t('auth.adminSignUp.submit')} submitting={isSubmitting}>
        <FullNameField error={errors.fullName?.message} {...register('fullName')} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          label={t('auth.fields.password')}
          hint={t('auth.adminSignUp.passwordHint')}
          password={{ ...register('password'), error: errors.password?.message }}
          confirmPassword={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <TextField
          label={t('auth.fields.adminCode')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.adminCode?.message}
          {...register('adminCode')}
        />
        <TermsCheckbox error={errors.terms?.message} {...register('terms')} />
      </AuthForm>
      <AuthFooter>
        {t('auth.signUp.haveAccount')} <TextLink to="/signin">{t('auth.signUp.signInLink')}</TextLink>
      </AuthFooter>
    </AuthShell>
  );
}
