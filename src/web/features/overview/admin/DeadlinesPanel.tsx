import { useQuery } from '@tanstack/react-query';
import { PANEL_PERMISSIONS } from '../../../../shared/features/overview/overview.domain';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { deadlinesQuery } from './overviewApi';

/** The home's deadlines panel (decision 0055): shown to whoever holds its permission. */
export function DeadlinesPanel() {
  const { t } = useTranslation();
  const sees = useCan()(PANEL_PERMISSIONS.deadlines);
  const { day, dayMonth } = useFormat();
  const deadlines = useQuery({ ...deadlinesQuery(), enabled: sees });
  return deadlines.data ? (
    <HomePanel
      id="deadlines"
      title={t('adminHome.deadlines.title')}
      loading={deadlines.isFetching}
      figures={[
        {
          key: 'dueSoon',
          label: t('adminHome.deadlines.dueSoon'),
          value: String(deadlines.data.dueSoon),
          to: '/admin/deadlines?days=30&open=1',
        },
        {
          key: 'overdue',
          label: t('adminHome.deadlines.overdue'),
          value: String(deadlines.data.overdue),
          to: '/admin/deadlines?overdue=1',
        },
      ]}
      chart={
        <BarChart
          labels={deadlines.data.weeks.map((w) => dayMonth(w.week))}
          series={[
            {
              name: t('adminHome.deadlines.dueSoon'),
              values: deadlines.data.weeks.map((w) => w.count),
              fill: 'fill-rose-500',
            },
          ]}
        />
      }
      table={{
        columns: [t('adminHome.week'), t('adminHome.deadlines.due')],
        rows: deadlines.data.weeks.map((w) => [day(w.week), w.count]),
      }}
    />
  ) : sees ? (
    <PanelPlaceholder id="deadlines" title={t('adminHome.deadlines.title')} />
  ) : null;
}
