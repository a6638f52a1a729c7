import { useMutation, useQuery } from '@tanstack/react-query';
import { RefreshCcw } from 'lucide-react';
import { Link } from 'react-router';
import { GRACE_DAYS } from '../../../../shared/features/renewals/renewals.domain';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { linkClass } from '../../../components/ui/TextLink';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { renewSubscription, type SubscriptionView, subscriptionsQuery } from '../api/renewals';
import { STATUS_STYLES } from '../lib/status';
import { standing } from './SubscriptionPanel';

/**
 * The dashboard's subscriptions card: from 30 days before an end (and in grace) it says what renews,
 * the amount and the date, with "Renew for a year" and "Do not renew"; otherwise one line each.
 * Nothing before the first subscription.
 */
export function RenewalCard() {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { data } = useQuery(subscriptionsQuery);
  if (!data?.subscriptions.length) return null;
  const noticed = data.subscriptions.filter((s) => s.noticeShown);
  return (
    <Card data-testid="renewal-card" className={noticed.length ? 'border-amber-300 sm:p-6' : 'sm:p-6'}>
      <div className="flex items-center gap-2">
        <RefreshCcw aria-hidden="true" className="size-5 text-indigo-600" />
        <h2 className="text-lg font-semibold text-slate-900">
          {noticed.length ? t('renewals.card.title') : t('renewals.page.title')}
        </h2>
      </div>
      <ul className="mt-3 space-y-3">
        {data.subscriptions.map((sub) =>
          sub.noticeShown ? (
            <Notice key={sub.id} sub={sub} />
          ) : (
            <li key={sub.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium text-slate-900">{t(`renewals.products.${sub.product}`)}</span>
              <span className="flex items-center gap-2 text-slate-600">
                {standing(sub, t, lang)}
                <StatusBadge status={sub.status} style={STATUS_STYLES[sub.status]}>
                  {t(`renewals.status.${sub.status}`)}
                </StatusBadge>
              </span>
            </li>
          ),
        )}
      </ul>
      <Link to="/account/subscriptions" className={`mt-4 inline-block text-sm font-medium ${linkClass}`}>
        {t('renewals.card.manage')}
      </Link>
    </Card>
  );
}

function Notice({ sub }: { sub: SubscriptionView }) {
  const { t } = useTranslation();
  const { lang, usd } = useFormat();
  const date = (d: string) => formatCalendarDateLong(d, lang);
  const product = t(`renewals.products.${sub.product}`);
  const renew = useMutation({
    mutationFn: () => renewSubscription(sub.id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => failureToast(error, 'renewals.page.renewFailed'),
  });
  return (
    <li data-testid={`renewal-notice-${sub.product}`} className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
      <p className="text-sm text-slate-900">
        {sub.inGrace
          ? t('renewals.card.grace', {
              product,
              date: date(sub.periodEnd),
              graceDate: date(sub.graceEndsOn),
              graceDays: GRACE_DAYS,
              amount: usd(sub.priceCents),
            })
          : t('renewals.card.body', { product, date: date(sub.periodEnd), amount: usd(sub.priceCents) })}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button size="sm" onClick={() => renew.mutate()} loading={renew.isPending} data-testid="renewal-card-renew">
          {t('renewals.page.renew')}
        </Button>
        <Link
          to={`/account/subscriptions?cancel=${sub.id}`}
          className="inline-flex min-h-9 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
          data-testid="renewal-card-cancel"
        >
          {t('renewals.page.cancel')}
        </Link>
      </div>
    </li>
  );
}
