import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCalendarDate } from '../../../../shared/format/dates';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../shared/i18n/languages';
import { Alert } from '../../../components/ui/Alert';
import { PublicShell } from '../../../components/ui/PublicShell';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { useTranslation } from '../../../lib/useTranslation';
import { confirmErasure } from '../api/privacy';

type State = { step: 'working' } | { step: 'done'; dueOn: string } | { step: 'failed' };

/**
 * The link mailed for an erasure request (decision 0047) lands here and confirms it with a POST, so a
 * mail scanner's GET does not use the link up. The token alone names the request.
 */
export function ConfirmDeletionPage() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { step: 'working' } : { step: 'failed' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirmErasure(token).then(
      (result) => setState({ step: 'done', dueOn: result.request?.dueOn ?? '' }),
      () => setState({ step: 'failed' }),
    );
  }, [token]);

  const title = t('privacy.confirmPage.title');
  return (
    <PublicShell title={title}>
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700">
            <Trash2 aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        </div>
        {state.step === 'failed' ? (
          <Alert tone="error">
            <p data-testid="confirm-deletion-failed">{t('privacy.confirmPage.failed')}</p>
          </Alert>
        ) : state.step === 'done' ? (
          <Alert tone="success">
            <p data-testid="confirm-deletion-done">
              {t('privacy.confirmPage.done', { date: state.dueOn ? formatCalendarDate(state.dueOn, lang) : '' })}
            </p>
          </Alert>
        ) : (
          <div role="status" className="flex items-center justify-center gap-3 text-slate-700">
            <Spinner className="size-6 text-indigo-600" />
            {t('privacy.confirmPage.working')}
          </div>
        )}
        <p className="mt-6 text-center">
          <TextLink to="/account">{t('privacy.confirmPage.toAccount')}</TextLink>
        </p>
      </div>
    </PublicShell>
  );
}
