import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarClock, CalendarPlus, Check, CircleCheck, Copy, Info } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ruleTextVars } from '../../../../shared/catalogue/compliance-format';
import { CALIFORNIA_LLC_MIN_TAX } from '../../../../shared/catalogue/states';
import { reminderCadenceVars } from '../../../../shared/domain/reminder-cadence';
import { stateItemAct } from '../../../../shared/domain/state-item-act';
import type { ComplianceItemView, ComplianceView } from '../../../../shared/features/compliance/compliance.contracts';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ExternalLink } from '../../../components/ui/ExternalLink';
import { Spinner } from '../../../components/ui/Spinner';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { agentRenewalText } from '../../renewals';
import {
  CALENDAR_FEED_KEY,
  COMPLIANCE_KEY,
  calendarFeedQuery,
  complianceQuery,
  regenerateCalendarFeed,
  setItemDone,
} from '../api/compliance';
import { CheckedLabel } from './CheckedLabel';

/**
 * The company's compliance calendar on the dashboard (decision 0020): every coming deadline with its date,
 * days left, amount, penalty and official source, a done toggle, "Let us file it" where the catalogue
 * sells the filing, and the private calendar feed.
 */
export function ComplianceCalendarCard() {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const query = useQuery(complianceQuery);

  return (
    <Card id="compliance-calendar" data-testid="compliance-calendar" className="scroll-mt-20">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarClock aria-hidden="true" className="size-5 text-indigo-600" />
        {t('compliance.card.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('compliance.card.intro', reminderCadenceVars(lang))}</p>
      {query.data ? (
        <CalendarBody view={query.data} />
      ) : query.isError ? (
        <Alert
          tone="error"
          className="mt-4"
          action={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('dashboard.loadFailed')}
        </Alert>
      ) : (
        <div role="status" className="mt-4 flex items-center gap-2 text-slate-600">
          <Spinner className="size-5 text-indigo-600" />
          {t('common.loading')}
        </div>
      )}
    </Card>
  );
}

/**
 * The next occurrence of each rule. The API looks ~400 days ahead so that every yearly rule is there once
 * (the feed shows all of them); a rule due in a few days can then be there twice, and the card shows the
 * first, the one to act on.
 */
function nextPerRule(items: ComplianceItemView[]): ComplianceItemView[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.ruleId) && Boolean(seen.add(item.ruleId)));
}

function CalendarBody({ view }: { view: ComplianceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { lang } = fmt;
  const items = nextPerRule(view.items);
  if (!view.state) return <p className="mt-4 text-slate-700">{t('compliance.card.noCompany')}</p>;
  if (!view.formedOn) return <Alert className="mt-4">{t('compliance.card.waitingForDate')}</Alert>;
  return (
    <>
      <p className="mt-3 text-sm font-medium text-slate-800">
        {t('compliance.card.formedOn', { date: formatCalendarDateLong(view.formedOn, lang), state: view.state })}
      </p>
      {view.tracked ? null : (
        <Alert className="mt-4">
          {t('compliance.card.untracked', { state: view.state, californiaTax: fmt.usd(CALIFORNIA_LLC_MIN_TAX.amount) })}
        </Alert>
      )}
      {items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('compliance.card.empty')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((item) => (
            <ItemRow key={item.key} item={item} />
          ))}
        </ul>
      )}
      {view.notRequired.length > 0 ? (
        <ul className="mt-3 space-y-3">
          {view.notRequired.map((rule) => (
            <li
              key={rule.ruleId}
              id={`compliance-item-${rule.ruleId}`}
              data-testid={`compliance-item-${rule.ruleId}`}
              className="rounded-xl border border-slate-200 bg-slate-50 p-4"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Info aria-hidden="true" className="size-4 text-slate-500" />
                <h3 className="font-semibold text-slate-900">{t(`compliance.rules.${rule.ruleId}.name`)}</h3>
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {t('compliance.card.notRequired')}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t(
                  `compliance.rules.${rule.ruleId}.what`,
                  ruleTextVars(
                    { ruleId: rule.ruleId, dueDate: view.today, amountCents: null, penalty: null },
                    fmt.lang,
                  ),
                )}
              </p>
              <p className="mt-2 text-sm text-slate-600">
                <ExternalLink href={rule.source}>{t('compliance.card.source')}</ExternalLink> ·{' '}
                <CheckedLabel label={rule.checked} hasAmount={false} />
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <CalendarFeed />
    </>
  );
}

function ItemRow({ item }: { item: ComplianceItemView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (done: boolean) => setItemDone(item.key, done),
    onSuccess: (_, done) => {
      toast.success(t(done ? 'compliance.card.doneToast' : 'compliance.card.undoToast'));
      void queryClient.invalidateQueries({ queryKey: COMPLIANCE_KEY });
    },
  });
  const date = (iso: string) => formatCalendarDateLong(iso, fmt.lang);
  const vars = ruleTextVars(item, fmt.lang);
  const serviceTitle = item.service ? (fmt.lang === 'en' && item.service.titleEn) || item.service.title : null;
  // Decision 0051: a tracked filing that went to the IRS or the state says so on its own.
  const filedOn =
    item.filing && (item.filing.status === 'submitted' || item.filing.status === 'done') ? item.filing.filedOn : null;

  return (
    <li
      id={`compliance-item-${item.ruleId}`}
      data-testid={`compliance-item-${item.ruleId}`}
      data-due-date={item.dueDate}
      className={clsx('rounded-xl border p-4', item.done ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{t(`compliance.rules.${item.ruleId}.name`)}</h3>
          <p className="mt-0.5 text-sm text-slate-800">
            <time dateTime={item.dueDate} className="font-medium">
              {date(item.dueDate)}
            </time>
            {item.taxYear !== null ? ` · ${t('compliance.card.taxYear', { year: item.taxYear })}` : null}
          </p>
        </div>
        {filedOn ? (
          <span
            data-testid={`compliance-filed-${item.ruleId}`}
            className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-medium text-emerald-800"
          >
            <CircleCheck aria-hidden="true" className="size-4" />
            {t(stateItemAct(item.ruleId) === 'paid' ? 'compliance.card.paidOn' : 'compliance.card.filedOn', {
              date: date(filedOn),
            })}
          </span>
        ) : item.done ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('compliance.card.done')}
          </span>
        ) : (
          <span
            className={clsx(
              'rounded-full px-2.5 py-0.5 text-sm font-medium',
              item.daysLeft <= 30 ? 'bg-amber-100 text-amber-900' : 'bg-indigo-50 text-indigo-800',
            )}
          >
            {item.daysLeft === 0
              ? t('compliance.card.dueToday')
              : item.daysLeft < 0
                ? t('compliance.card.daysOverdue', { count: -item.daysLeft })
                : t('compliance.card.daysLeft', { count: item.daysLeft })}
          </span>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t(`compliance.rules.${item.ruleId}.${item.agent === 'own' ? 'whatOwn' : 'what'}`, vars)}
      </p>
      {item.renewal ? (
        <p className="mt-1 text-sm font-medium text-slate-900" data-testid="compliance-renewal-status">
          {agentRenewalText(item.renewal, t, date)}{' '}
          <Link to="/account/subscriptions" className="font-normal text-indigo-700 underline-offset-2 hover:underline">
            {t('renewals.card.manage')}
          </Link>
        </p>
      ) : null}
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-slate-600">{t('compliance.card.amount')}</dt>
        <dd className="text-slate-900">
          {item.amountCents !== null
            ? fmt.usd(item.amountCents)
            : item.agent === 'own'
              ? t('compliance.card.agentBills')
              : t('compliance.card.noFee')}
        </dd>
        {item.windowStart ? (
          <dd className="text-slate-700 sm:col-start-2">
            {t('compliance.card.window', { date: date(item.windowStart) })}
          </dd>
        ) : null}
        {item.extendedDueDate ? (
          <dd className="text-slate-700 sm:col-start-2">
            {t('compliance.card.extended', { date: date(item.extendedDueDate) })}
          </dd>
        ) : null}
        {item.penalty ? (
          <>
            <dt className="text-slate-600">{t('compliance.card.ifMissed')}</dt>
            <dd className="text-slate-900">{t(`compliance.rules.${item.ruleId}.penalty`, vars)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 text-sm text-slate-600">
        {item.source !== 'catalogue' ? (
          <>
            <ExternalLink href={item.source}>{t('compliance.card.source')}</ExternalLink> ·{' '}
            <CheckedLabel label={item.checked} hasAmount={item.amountCents !== null} />
          </>
        ) : item.agent === 'own' ? (
          t('compliance.card.agentOwnSource')
        ) : (
          t('compliance.card.ourPrice')
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={item.done ? 'ghost' : 'secondary'}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(!item.done)}
          data-testid={`compliance-toggle-${item.ruleId}`}
        >
          {item.done ? null : <Check aria-hidden="true" className="size-4" />}
          {item.done ? t('compliance.card.undo') : t('compliance.card.markDone')}
        </Button>
        {item.filing ? (
          <Link
            to={`/filings/${item.filing.id}`}
            data-testid={`compliance-filing-${item.ruleId}`}
            className="inline-flex min-h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('compliance.card.openFiling')}
          </Link>
        ) : null}
        {item.service && !item.done && !item.filing ? (
          <Link
            to={`/services/${item.service.id}?item=${encodeURIComponent(item.key)}`}
            className="inline-flex min-h-9 items-center rounded-lg bg-indigo-600 px-3 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {t('compliance.card.letUsFile', { price: fmt.usd(item.service.priceCents) })}
            <span className="sr-only">: {serviceTitle}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function CalendarFeed() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation({
    // The argument says whether an address existed: only replacing one deserves a word.
    mutationFn: (_replacing: boolean) => regenerateCalendarFeed(),
    onSuccess: (data, replacing) => {
      queryClient.setQueryData(CALENDAR_FEED_KEY, { url: data.url });
      setConfirming(false);
      if (replacing) toast.success(t('compliance.card.feed.regenerated'));
    },
  });
  const url = feed.data?.url ?? null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('compliance.card.feed.copied'));
    } catch {
      // Without clipboard access the address stays selectable in its field.
    }
  }

  return (
    <section className="mt-6 border-t border-slate-200 pt-4" data-testid="compliance-feed">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarPlus aria-hidden="true" className="size-5 text-indigo-600" />
        {t('compliance.card.feed.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('compliance.card.feed.intro')}</p>
      {url ? (
        <>
          <label className="mt-3 block text-sm font-medium text-slate-800" htmlFor="compliance-feed-url">
            {t('compliance.card.feed.urlLabel')}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id="compliance-feed-url"
              readOnly
              value={url}
              data-testid="compliance-feed-url"
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
            />
            <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
              <Copy aria-hidden="true" className="size-4" />
              {t('compliance.card.feed.copy')}
            </Button>
          </div>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('compliance.card.feed.google')}</li>
            <li>{t('compliance.card.feed.apple')}</li>
          </ul>
          <Button
            variant="ghost"
            size="sm"
            className="mt-2"
            onClick={() => setConfirming(true)}
            data-testid="compliance-feed-regenerate"
          >
            {t('compliance.card.feed.regenerate')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('compliance.card.feed.regenerateTitle')}
            body={t('compliance.card.feed.regenerateBody')}
            confirmLabel={t('compliance.card.feed.regenerateConfirm')}
            cancelLabel={t('compliance.card.feed.cancel')}
            busy={regenerate.isPending}
            onConfirm={() => regenerate.mutate(true)}
            onCancel={() => setConfirming(false)}
            testId="compliance-feed-confirm"
          />
        </>
      ) : feed.isPending ? null : (
        <Button
          className="mt-3"
          variant="secondary"
          loading={regenerate.isPending}
          onClick={() => regenerate.mutate(false)}
          data-testid="compliance-feed-create"
        >
          {t('compliance.card.feed.create')}
        </Button>
      )}
    </section>
  );
}
