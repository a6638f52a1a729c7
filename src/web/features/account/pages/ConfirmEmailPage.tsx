import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { PublicShell } from '../../../components/ui/PublicShell';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useTranslation } from '../../../lib/useTranslation';

type State = { step: 'working' } | { step: 'done'; email: string } | { step: 'failed'; error: unknown };

/**
 * The link mailed to a new address lands here, and the page confirms it with a POST: a mail scanner that
 * opens every link with a GET cannot use up the single-use link before its owner does. Signed in or
 * not, on any device: the token alone names the change. A public page, so no query cache (decision 0030).
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { step: 'working' } : { step: 'failed', error: null });
  const sent = useRef(false);
  useEffect(() => {
    // Once, even under React's development double effects: a second POST would find the link used.
    if (sent.current || !token) return;
    sent.current = true;
    api<{ email: string }>('POST', '/api/account/email-change/confirm', { token }).then(
      (result) => setState({ step: 'done', email: result.email }),
      (error: unknown) => setState({ step: 'failed', error }),
    );
  }, [token]);

  const title = t('account.confirmEmail.title');
  return (
    <PublicShell title={title}>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
            <MailCheck aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        </div>
        {state.step === 'failed' ? (
          <Alert tone="error">
            <p data-testid="confirm-email-failed">{errorMessage(state.error, 'errors.INVALID_TOKEN', t)}</p>
            <p className="mt-2">{t('account.confirmEmail.requestNew')}</p>
          </Alert>
        ) : state.step === 'done' ? (
          <Alert tone="success">
            <p data-testid="confirm-email-done">{t('account.confirmEmail.done', { email: state.email })}</p>
          </Alert>
        ) : (
          <div role="status" className="flex items-center justify-center gap-3 text-slate-700">
            <Spinner className="size-6 text-indigo-600" />
            {t('account.confirmEmail.working')}
          </div>
        )}
        <p className="mt-6 text-center">
          <TextLink to="/account">{t('account.confirmEmail.toAccount')}</TextLink>
        </p>
      </div>
    </PublicShell>
  );
}
