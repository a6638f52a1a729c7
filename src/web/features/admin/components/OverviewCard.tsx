import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useAdminOverview } from '../api/overview';

const COUNTS = ['users', 'admins', 'formations'] as const;

/** Counts from GET /api/admin/overview; a refused call sends the user away (SPEC §8, "Other"). */
export function OverviewCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useAdminOverview();
  const { error } = overview;

  useEffect(() => {
    if (!isApiError(error)) return;
    if (error.status === 401) {
      navigate('/signin', { replace: true });
    } else if (error.status === 403) {
      toast.error(t('admin.unauthorized'));
      navigate('/dashboard', { replace: true });
    }
  }, [error, navigate, t]);

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.overview.title')}</h2>
      {overview.isPending ? (
        <div role="status" className="mt-4 flex items-center gap-2 text-slate-600">
          <Spinner />
          {t('common.loading')}
        </div>
      ) : overview.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-red-700">{errorMessage(overview.error, 'admin.overview.failed', t)}</p>
          <Button variant="secondary" size="sm" onClick={() => void overview.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {COUNTS.map((key) => (
            <div key={key} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">{t(`admin.overview.${key}`)}</dt>
              <dd className="mt-1 text-3xl font-bold text-slate-900" data-testid={`overview-${key}`}>
                {overview.data[key]}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-6 text-slate-600">{t('admin.comingNext')}</p>
    </Card>
  );
}
