import { useNavigate, useSearchParams } from 'react-router';
import { isSlugShaped } from '../../../../shared/features/short-links/short-links.domain';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useLiteForm } from '../../../lib/liteForm';
import { sessionChanged } from '../../../lib/me';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { SignUpConsents } from '../../privacy';
import { signUp } from '../api/auth';
import { EmailField, FullNameField, NewPasswordFields } from '../components/AuthFields';
import { AuthFooter, AuthForm } from '../components/AuthForm';
import { AuthShell } from '../components/AuthShell';
import { TermsCheckbox } from '../components/TermsCheckbox';
import { checkSignUp, type SignUpValues, trimmed } from '../lib/authChecks';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword', 'terms'] as const;
/** Decision 0046: the optional product-mail consent besides the fields checkSignUp checks, never pre-ticked. */
type SignUpFormValues = SignUpValues & { productMails: boolean };

const EMPTY: SignUpFormValues = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  terms: false,
  productMails: false,
};

/** A short link's slug from the URL; anything else is not sent. */
const refOf = (value: string | null) => (value && isSlugShaped(value) ? value : null);

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // No zod or react-hook-form here: see authChecks.ts.
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(EMPTY, checkSignUp);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await signUp({
        ...trimmed(values),
        // checkSignUp lets the form through only with the box ticked.
        terms: true,
        productMails: values.productMails === true,
        // Campaign attribution from the landing link (product.md#data-the-portal-keeps, auth user metadata).
        utmSource: searchParams.get('utm_source'),
        utmMedium: searchParams.get('utm_medium'),
        utmCampaign: searchParams.get('utm_campaign'),
        // The short link this visitor came through (/go/{slug} appends it; decision 0013).
        ref: refOf(searchParams.get('ref')),
        lang: currentLanguage(),
      });
      await sessionChanged();
      toast.success(t('auth.signUp.success'));
      navigate(result.redirectTo || '/onboarding', { replace: true });
    } catch (error) {
      if (isApiError(error, 'EMAIL_TAKEN')) {
        setError('email', { type: 'server', message: 'errors.EMAIL_TAKEN' }, { shouldFocus: true });
      } else if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, FIELDS)) {
        // The fields say what is wrong.
      } else if (isApiError(error) && error.status === 429) {
        toast.error(errorMessage(error, 'errors.TOO_MANY_ATTEMPTS', t));
      } else {
        toast.error(t('errors.SIGN_UP_FAILED'));
      }
    }
  });

  return (
    <AuthShell title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle')}>
      <AuthForm onSubmit={onSubmit} submitLabel={t('auth.signUp.submit')} submitting={isSubmitting}>
        <FullNameField error={errors.fullName?.message} {...register('fullName')} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          label={t('auth.fields.password')}
          hint={t('auth.signUp.passwordHint')}
          password={{ ...register('password'), error: errors.password?.message }}
          confirmPassword={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <TermsCheckbox error={errors.terms?.message} {...register('terms')} />
        <SignUpConsents {...register('productMails')} />
      </AuthForm>
      <AuthFooter>
        {t('auth.signUp.haveAccount')} <TextLink to="/signin">{t('auth.signUp.signInLink')}</TextLink>
      </AuthFooter>
    </AuthShell>
  );
}
