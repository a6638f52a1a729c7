import { useQuery } from '@tanstack/react-query';
import { type DayRange, PANEL_PERMISSIONS } from '../../../../shared/features/overview/overview.domain';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { GROWTH_FILLS, GROWTH_KEYS, GROWTH_LINKS } from './homeFigures';
import { growthQuery } from './overviewApi';

/** The home's growth panel (decision 0055): shown to whoever holds its permission. */
export function GrowthPanel({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const sees = useCan()(PANEL_PERMISSIONS.growth);
  const { day, dayMonth } = useFormat();
  const growth = useQuery({ ...growthQuery(range), enabled: sees });
  return growth.data ? (
    <HomePanel
      id="growth"
      title={t('adminHome.growth.title')}
      loading={growth.isFetching}
      figures={GROWTH_KEYS.map((k) => ({
        key: k,
        label: t(`adminHome.growth.${k}`),
        value: String(growth.data.totals[k]),
        previous: String(growth.data.previousTotals[k]),
        to: GROWTH_LINKS[k](growth.data.range),
      }))}
      chart={
        <BarChart
          labels={growth.data.weeks.map((w) => dayMonth(w.week))}
          series={GROWTH_KEYS.map((k, i) => ({
            name: t(`adminHome.growth.${k}`),
            values: growth.data.weeks.map((w) => w[k]),
            fill: GROWTH_FILLS[i],
          }))}
        />
      }
      table={{
        columns: [t('adminHome.week'), ...GROWTH_KEYS.map((k) => t(`adminHome.growth.${k}`))],
        rows: growth.data.weeks.map((w) => [day(w.week), ...GROWTH_KEYS.map((k) => w[k])]),
      }}
    />
  ) : sees ? (
    <PanelPlaceholder id="growth" title={t('adminHome.growth.title')} />
  ) : null;
}
