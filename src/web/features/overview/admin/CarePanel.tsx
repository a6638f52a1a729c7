import { useQuery } from '@tanstack/react-query';
import { type DayRange, PANEL_PERMISSIONS } from '../../../../shared/features/overview/overview.domain';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { n1 } from './homeFigures';
import { careQuery } from './overviewApi';

/** The home's care panel (decision 0055): shown to whoever holds its permission. */
export function CarePanel({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const sees = useCan()(PANEL_PERMISSIONS.care);
  const { monthYear } = useFormat();
  const care = useQuery({ ...careQuery(range), enabled: sees });
  const hours = (v: number | null) => (v === null ? '—' : t('adminHome.hours', { value: n1(v) }));
  return care.data ? (
    <HomePanel
      id="care"
      title={t('adminHome.care.title')}
      loading={care.isFetching}
      figures={[
        {
          key: 'median',
          label: t('adminHome.care.median'),
          value: hours(care.data.totals.medianHours),
          previous: hours(care.data.previousTotals.medianHours),
        },
        {
          key: 'p90',
          label: t('adminHome.care.p90'),
          value: hours(care.data.totals.p90Hours),
          previous: hours(care.data.previousTotals.p90Hours),
        },
        {
          key: 'waiting',
          label: t('adminHome.care.waiting'),
          value: String(care.data.waitingOver24h),
          to: '/admin/support?waiting=1',
        },
      ]}
      chart={
        <BarChart
          labels={care.data.months.map((m) => monthYear(m.month))}
          series={[
            {
              name: t('adminHome.median'),
              values: care.data.months.map((m) => m.medianHours ?? 0),
              fill: 'fill-indigo-600',
            },
            {
              name: t('adminHome.p90'),
              values: care.data.months.map((m) => m.p90Hours ?? 0),
              fill: 'fill-amber-500',
            },
          ]}
        />
      }
      table={{
        columns: [
          t('adminHome.month'),
          t('adminHome.care.threads'),
          t('adminHome.care.replied'),
          t('adminHome.median'),
          t('adminHome.p90'),
        ],
        rows: care.data.months.map((m) => [
          monthYear(m.month),
          m.threads,
          m.replied,
          hours(m.medianHours),
          hours(m.p90Hours),
        ]),
      }}
    />
  ) : sees ? (
    <PanelPlaceholder id="care" title={t('adminHome.care.title')} />
  ) : null;
}
