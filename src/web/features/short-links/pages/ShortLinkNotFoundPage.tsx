import { Link2Off } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_FAILURE_DELAY_MS } from '../../../../shared/features/short-links/short-links.domain';
import { Card } from '../../../components/ui/Card';
import { PublicShell } from '../../../components/ui/PublicShell';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * product.md#short-links-and-attribution "Redirect page": the server redirects a live /go/{slug} itself and serves this page, with
 * status 404, for an unknown or expired one. It says so, then goes home after 2 seconds (product.md#short-link-rules).
 */
export function ShortLinkNotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_FAILURE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  const title = t('shortLinks.redirect.notFound');
  return (
    <PublicShell title={title}>
      <div className="w-full max-w-lg self-start sm:self-center">
        <Card className="text-center" data-testid="short-link-not-found">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
            <Link2Off aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p role="status" className="mt-3 flex items-center justify-center gap-2 text-slate-600">
            <Spinner className="size-4 text-indigo-600" />
            {t('shortLinks.redirect.goingHome')}
          </p>
        </Card>
      </div>
    </PublicShell>
  );
}
