import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailSummary } from '../../../../shared/features/mail/mail.contracts';
import type { DayRange } from '../../../../shared/features/overview/overview.domain';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { n1 } from './homeFigures';

const mailSummaryQuery = (range: DayRange) => ({
  queryKey: ['admin', 'mail', 'summary', range] as const,
  queryFn: () =>
    api<MailSummary>('GET', `/api/admin/mail/summary?${new URLSearchParams({ from: range.from, to: range.to })}`),
  placeholderData: keepPreviousData,
});

/**
 * The home's mail panel (decision 0089): letters logged in the range, the time from logging to the scan
 * (median, 90th percentile, to the nearest hour) and, now, the decisions the customers owe and the paid forwardings to post.
 * The page shows it to whoever reads the mail desk.
 */
export function MailHomePanel({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const { monthYear } = useFormat();
  const { data, isFetching } = useQuery(mailSummaryQuery(range));
  const title = t('adminHome.mail.title');
  if (!data) return <PanelPlaceholder id="mail" title={title} />;
  const hours = (v: number | null) => (v === null ? '—' : t('adminHome.hours', { value: n1(v) }));
  return (
    <HomePanel
      id="mail"
      title={title}
      loading={isFetching}
      figures={[
        {
          key: 'received',
          label: t('adminHome.mail.received'),
          value: String(data.totals.received),
          to: '/admin/mail',
        },
        { key: 'median', label: t('adminHome.mail.median'), value: hours(data.totals.medianHours) },
        { key: 'p90', label: t('adminHome.mail.p90'), value: hours(data.totals.p90Hours) },
        {
          key: 'open',
          label: t('adminHome.mail.openDecisions'),
          value: String(data.openDecisions),
          to: '/admin/mail?queue=waiting',
        },
        {
          key: 'toForward',
          label: t('adminHome.mail.toForward'),
          value: String(data.toForward),
          to: '/admin/mail?queue=to_forward',
        },
      ]}
      chart={
        <BarChart
          labels={data.months.map((m) => monthYear(m.month))}
          series={[
            {
              name: t('adminHome.median'),
              values: data.months.map((m) => m.medianHours ?? 0),
              fill: 'fill-indigo-600',
            },
            { name: t('adminHome.p90'), values: data.months.map((m) => m.p90Hours ?? 0), fill: 'fill-amber-500' },
          ]}
        />
      }
      table={{
        columns: [
          t('adminHome.month'),
          t('adminHome.mail.received'),
          t('adminHome.mail.scanned'),
          t('adminHome.median'),
          t('adminHome.p90'),
        ],
        rows: data.months.map((m) => [
          monthYear(m.month),
          m.received,
          m.scanned,
          hours(m.medianHours),
          hours(m.p90Hours),
        ]),
      }}
    >
      {/* The times come from an hourly rollup (decision 0103): say how exact they are. */}
      <p className="mt-3 text-xs text-slate-600">{t('adminHome.mail.rounded')}</p>
    </HomePanel>
  );
}
