import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isStaff } from '../../../../shared/domain/roles';
import { Checkbox } from '../../../components/ui/Checkbox';
import { PasswordField } from '../../../components/ui/PasswordInput';
import { TextLink } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { useLiteForm } from '../../../lib/liteForm';
import { type AuthResult, fetchMe, keepVerified, sessionChanged } from '../../../lib/me';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { signIn } from '../api/auth';
import { EmailField } from '../components/AuthFields';
import { AuthFooter, AuthForm } from '../components/AuthForm';
import { AuthShell } from '../components/AuthShell';
import { Benefits } from '../components/Benefits';
import { checkSignIn, type SignInValues, trimmed } from '../lib/authChecks';

type CodeForm = typeof import('../components/SignInCodeForm')['SignInCodeForm'];

const EMPTY: SignInValues = { email: '', password: '', rememberMe: false };

function welcomeKey(result: AuthResult): string {
  if (isStaff(result.user.role)) return 'auth.signIn.welcomeAdmin';
  if (result.hasFormation) return 'auth.signIn.welcomeBack';
  return 'auth.signIn.success';
}

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // No zod or react-hook-form here: see authChecks.ts.
  const { register, handleSubmit, setError, errors, isSubmitting } = useLiteForm(EMPTY, checkSignIn);
  const { search } = useLocation();
  // The route has no guard (router.tsx): the form shows at once, and a visitor who is signed in
  // already goes home once the session check answers, unless they have sent the form, which
  // navigates itself.
  const submitted = useRef(false);
  // Decision 0042: the password was right and the account has a second factor; the code comes next.
  // Its form is fetched then: most accounts have none, and the page's first load is kept small
  // (decision 0061). The step shows once the form has arrived, so nothing waits on screen.
  const [CodeStep, setCodeStep] = useState<CodeForm | null>(null);
  useEffect(() => {
    let live = true;
    fetchMe().then(
      (me) => {
        if (me && live && !submitted.current) navigate(keepVerified(me.home, search), { replace: true });
      },
      // Unknown is treated as anonymous: the form stays, and signing in asks the server anyway.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [navigate, search]);

  const signedIn = async (result: AuthResult) => {
    await sessionChanged();
    toast.success(t(welcomeKey(result)));
    navigate(result.redirectTo, { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    submitted.current = true;
    try {
      const result = await signIn(trimmed(values));
      if ('twoFactorRequired' in result) {
        const { SignInCodeForm } = await import('../components/SignInCodeForm');
        setCodeStep(() => SignInCodeForm);
      } else await signedIn(result);
    } catch (error) {
      if (isApiError(error, 'INVALID_CREDENTIALS')) {
        // product.md#error-catalogue: the same message under both fields, so as not to tell which one was wrong.
        setError('email', { type: 'server', message: 'auth.invalidCredentials' });
        setError('password', { type: 'server', message: 'auth.invalidCredentials' }, { shouldFocus: true });
      } else if (isApiError(error) && error.status === 429) {
        toast.error(errorMessage(error, 'errors.TOO_MANY_ATTEMPTS', t));
      } else if (
        isApiError(error, 'VALIDATION_FAILED') &&
        applyFieldErrors(setError, error.fields, ['email', 'password'])
      ) {
        // The fields say what is wrong.
      } else {
        toast.error(t('errors.SIGN_IN_FAILED'));
      }
    }
  });

  if (CodeStep) {
    return (
      <AuthShell title={t('auth.signIn.codeTitle')} subtitle={t('auth.signIn.codeSubtitle')} aside={<Benefits />}>
        <CodeStep onSignedIn={signedIn} onExpired={() => setCodeStep(null)} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} aside={<Benefits />}>
      <AuthForm onSubmit={onSubmit} submitLabel={t('auth.signIn.submit')} submitting={isSubmitting}>
        <EmailField error={errors.email?.message} {...register('email')} />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label={t('auth.fields.rememberMe')} {...register('rememberMe')} />
          <TextLink to="/forgot-password" className="text-sm">
            {t('auth.signIn.forgotPassword')}
          </TextLink>
        </div>
      </AuthForm>
      <AuthFooter>
        {t('auth.signIn.noAccount')} <TextLink to="/signup">{t('auth.signIn.signUpLink')}</TextLink>
      </AuthFooter>
    </AuthShell>
  );
}
