import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CANCEL_REASONS, type CancelReason } from '../../../../shared/features/renewals/renewals.domain';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { SelectField } from '../../../components/ui/Select';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { failureToast } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  cancelSubscription,
  renewSubscription,
  resumeSubscription,
  SUBSCRIPTIONS_KEY,
  type SubscriptionView,
} from '../api/renewals';
import { STATUS_STYLES } from '../lib/status';

/** The line under the title that says where the subscription stands, by its status. */
export function standing(
  sub: SubscriptionView,
  t: (k: string, v?: Record<string, unknown>) => string,
  lang: 'tr' | 'en',
) {
  const date = (d: string) => formatCalendarDateLong(d, lang);
  if (sub.status === 'cancelled' || sub.status === 'ended')
    return t('renewals.page.endsOn', { date: date(sub.periodEnd) });
  if (sub.status === 'lapsed') return t('renewals.page.lapsedOn', { date: date(sub.graceEndsOn) });
  if (sub.inGrace) return t('renewals.page.graceUntil', { date: date(sub.graceEndsOn) });
  return t('renewals.page.renewsOn', { date: date(sub.periodEnd) });
}

/**
 * One subscription with its period, price, status, receipts, history and the customer's buttons:
 * "Renew for a year" (the checkout), "Do not renew" (with a confirmation that says what happens, and
 * an optional reason), and the undo until the end. With `readOnly` (the customer file) no buttons.
 */
export function SubscriptionPanel({
  sub,
  readOnly = false,
  askCancel = false,
}: {
  sub: SubscriptionView;
  readOnly?: boolean;
  /** Opened from "Do not renew" on the dashboard card or in a notice mail: the confirmation shows at once. */
  askCancel?: boolean;
}) {
  const { t } = useTranslation();
  const { lang, usd, dateTime } = useFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(askCancel && sub.canCancel && !readOnly);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const date = (d: string) => formatCalendarDateLong(d, lang);
  const product = t(`renewals.products.${sub.product}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });

  const renew = useMutation({
    mutationFn: () => renewSubscription(sub.id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => failureToast(error, 'renewals.page.renewFailed'),
  });
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(sub.id, { periodEnd: sub.periodEnd, reason: reason || null }),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('renewals.confirm.done', { date: date(sub.periodEnd) }));
      void refresh();
    },
    onError: (error) => {
      setConfirming(false);
      failureToast(error, 'renewals.page.actionFailed');
      void refresh();
    },
  });
  const resume = useMutation({
    mutationFn: () => resumeSubscription(sub.id),
    onSuccess: () => {
      toast.success(t('renewals.page.resumed'));
      void refresh();
    },
    onError: (error) => failureToast(error, 'renewals.page.actionFailed'),
  });

  return (
    <section
      aria-labelledby={`sub-${sub.id}`}
      data-testid={`subscription-${sub.product}`}
      data-status={sub.status}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`sub-${sub.id}`} className="text-lg font-semibold text-slate-900">
            {product}
          </h2>
          <p className="text-sm text-slate-600">{t(`renewals.productNotes.${sub.product}`)}</p>
        </div>
        <StatusBadge status={sub.status} style={STATUS_STYLES[sub.status]} testId="subscription-status">
          {t(`renewals.status.${sub.status}`)}
        </StatusBadge>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t('renewals.page.period')}</dt>
          <dd className="font-medium text-slate-900" data-testid="subscription-period">
            {t('renewals.page.periodValue', { start: date(sub.periodStart), end: date(sub.periodEnd) })}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('renewals.page.price')}</dt>
          <dd className="font-medium text-slate-900">{t('renewals.page.perYear', { amount: usd(sub.priceCents) })}</dd>
        </div>
        <div>
          <dt className="sr-only">{t('renewals.page.period')}</dt>
          <dd className="font-medium text-slate-900" data-testid="subscription-standing">
            {standing(sub, t, lang)}
          </dd>
        </div>
      </dl>
      {!readOnly && (sub.canRenew || sub.canCancel || sub.canResume) ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          {sub.canRenew ? (
            <Button onClick={() => renew.mutate()} loading={renew.isPending} data-testid="subscription-renew">
              {t('renewals.page.renew')}
            </Button>
          ) : null}
          {sub.canCancel ? (
            <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="subscription-cancel">
              {t('renewals.page.cancel')}
            </Button>
          ) : null}
          {sub.canResume ? (
            <Button onClick={() => resume.mutate()} loading={resume.isPending} data-testid="subscription-resume">
              {t('renewals.page.resume')}
            </Button>
          ) : null}
          {sub.canRenew ? (
            <p className="text-sm text-slate-600 sm:basis-full">
              {t('renewals.page.renewNote', { date: date(sub.nextPeriodEnd) })}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-5 grid grid-cols-1 gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('renewals.page.receipts')}</h3>
          {sub.receipts.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t('renewals.page.noReceipts')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="subscription-receipts">
              {sub.receipts.map((r) => (
                <li key={r.orderId} className="break-words">
                  {t('renewals.page.receipt', { amount: usd(r.amountCents), date: dateTime(r.paidAt) })}
                  {r.testMode ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      {t('renewals.page.testMode')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('renewals.page.history')}</h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="subscription-history">
            {sub.history.map((h) => (
              <li key={`${h.kind}-${h.at}`}>
                <span className="text-slate-500">{dateTime(h.at)}</span> · {t(`renewals.history.${h.kind}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('renewals.confirm.title', { product })}
        body={`${t(sub.product === 'registered_agent' ? 'renewals.confirm.agent' : 'renewals.confirm.address', {
          date: date(sub.periodEnd),
        })} ${t('renewals.confirm.undo', { date: date(sub.periodEnd) })}`}
        confirmLabel={t('renewals.confirm.confirm')}
        cancelLabel={t('renewals.confirm.keep')}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
        testId="subscription-cancel-dialog"
      >
        <SelectField
          id={`reason-${sub.id}`}
          name="reason"
          label={t('renewals.confirm.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value as CancelReason | '')}
        >
          <option value="">{t('renewals.confirm.reasonNone')}</option>
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`renewals.reasons.${r}`)}
            </option>
          ))}
        </SelectField>
      </ConfirmDialog>
    </section>
  );
}
