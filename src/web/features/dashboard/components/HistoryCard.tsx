import { useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  Building2,
  CircleX,
  CreditCard,
  FileText,
  History,
  Landmark,
  type LucideIcon,
  PhoneCall,
  ScrollText,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { CustomerTimelineItem } from '../../../../shared/features/dashboard/timeline.contracts';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { timelineQuery } from '../api/timeline';
import { historySentence } from './historySentence';

const ICONS: Record<CustomerTimelineItem['kind'], { icon: LucideIcon; tone: string }> = {
  formation_started: { icon: Building2, tone: 'bg-indigo-50 text-indigo-600' },
  formation_status: { icon: Building2, tone: 'bg-indigo-50 text-indigo-600' },
  ein_submitted: { icon: ScrollText, tone: 'bg-sky-50 text-sky-700' },
  ein_status: { icon: ScrollText, tone: 'bg-sky-50 text-sky-700' },
  document_added: { icon: FileText, tone: 'bg-amber-50 text-amber-700' },
  payment_paid: { icon: CreditCard, tone: 'bg-emerald-50 text-emerald-700' },
  payment_failed: { icon: CircleX, tone: 'bg-red-50 text-red-700' },
  ein_follow_up: { icon: PhoneCall, tone: 'bg-sky-50 text-sky-700' },
  filing_stage: { icon: Landmark, tone: 'bg-violet-50 text-violet-700' },
  filing_extended: { icon: Landmark, tone: 'bg-violet-50 text-violet-700' },
};

/**
 * The dashboard's "History" (decision 0015): the customer's own stage changes, documents from the team and
 * payments, newest first, ten at a time. A failed load stays inside the card: the rest of the
 * dashboard does not depend on it.
 */
export function HistoryCard() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const history = useInfiniteQuery(timelineQuery);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  async function showMore() {
    const result = await history.fetchNextPage();
    if (result.isError) toast.error(t('dashboard.history.moreFailed'), { id: 'history-more-failed' });
  }

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <div role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-indigo-600" />
        {t('common.loading')}
      </div>
    );
  } else if (history.isError && !history.data) {
    body = (
      <Alert
        tone="error"
        className="mt-4"
        action={
          <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('dashboard.history.loadFailed')}
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <p className="mt-4 text-sm text-slate-600" data-testid="history-empty">
        {t('dashboard.history.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <ol
          aria-label={t('dashboard.history.label')}
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200"
        >
          {items.map((item) => {
            const { icon: Icon, tone } = ICONS[item.kind];
            const { text, detail } = historySentence(item, t, fmt);
            return (
              <li
                key={item.id}
                data-testid="history-item"
                data-kind={item.kind}
                data-by={item.by}
                className="flex items-start gap-3 px-3 py-3 sm:px-4"
              >
                <span className={clsx('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', tone)}>
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">{text}</p>
                  {detail ? <p className="mt-0.5 break-words text-sm text-slate-700">{detail}</p> : null}
                  <p className="mt-0.5 text-sm text-slate-600">
                    {t(`dashboard.history.by.${item.by}`)}
                    {' · '}
                    <time dateTime={item.at} title={fmt.date(item.at)}>
                      {fmt.dateTime(item.at)}
                    </time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
        {history.hasNextPage ? (
          <Button
            variant="secondary"
            className="mt-4 w-full sm:w-auto"
            data-testid="history-more"
            loading={history.isFetchingNextPage}
            onClick={() => void showMore()}
          >
            {t('dashboard.history.more')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Card data-testid="history-card" className="sm:p-6">
      <div className="flex items-center gap-2">
        <History aria-hidden="true" className="size-5 text-indigo-600" />
        <h2 className="text-lg font-semibold text-slate-900">{t('dashboard.history.title')}</h2>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.history.subtitle')}</p>
      {body}
    </Card>
  );
}
