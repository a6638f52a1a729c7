import { useQuery } from '@tanstack/react-query';
import { type DayRange, PANEL_PERMISSIONS } from '../../../../shared/features/overview/overview.domain';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { n1 } from './homeFigures';
import { irsQuery } from './overviewApi';

/** The home's irs panel (decision 0055): shown to whoever holds its permission. */
export function IrsPanel({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const sees = useCan()(PANEL_PERMISSIONS.irs);
  const { monthYear } = useFormat();
  const irs = useQuery({ ...irsQuery(range), enabled: sees });
  const stage = (s: string) => t(`adminHome.stages.${s}`);
  const days = (v: number | null) => (v === null ? '—' : t('adminHome.days', { value: n1(v) }));
  return irs.data ? (
    <HomePanel
      id="irs"
      title={t('adminHome.irs.title')}
      loading={irs.isFetching}
      figures={[
        {
          key: 'overdue',
          label: t('adminHome.irs.overdue'),
          value: String(irs.data.overdueTotal),
          to: '/admin/ein?overdue=1&sort=waiting_longest',
        },
      ]}
      chart={(() => {
        const stages = [...new Set(irs.data.rows.map((r) => r.stage))];
        const pick = (s: string, key: 'medianDays' | 'p90Days') => {
          const rows = irs.data.rows.filter((r) => r.stage === s);
          return rows.length ? Math.max(...rows.map((r) => r[key] ?? 0)) : 0;
        };
        return (
          <BarChart
            labels={stages.map(stage)}
            series={[
              {
                name: t('adminHome.median'),
                values: stages.map((s) => pick(s, 'medianDays')),
                fill: 'fill-indigo-600',
              },
              { name: t('adminHome.p90'), values: stages.map((s) => pick(s, 'p90Days')), fill: 'fill-amber-500' },
            ]}
          />
        );
      })()}
      table={{
        columns: [
          t('adminHome.irs.month'),
          t('adminHome.irs.stage'),
          t('adminHome.irs.samples'),
          t('adminHome.median'),
          t('adminHome.p90'),
        ],
        rows: [
          ...irs.data.rows.map((r) => [
            monthYear(r.month),
            stage(r.stage),
            r.samples,
            days(r.medianDays),
            days(r.p90Days),
          ]),
          // The waits the customers are shown now, from the same stage times (last 180 days).
          ...irs.data.waits.map((w) => [
            t('adminHome.irs.customerWaits'),
            stage(w.stage),
            w.samples,
            days(w.medianDays),
            days(w.p90Days),
          ]),
        ],
      }}
    />
  ) : sees ? (
    <PanelPlaceholder id="irs" title={t('adminHome.irs.title')} />
  ) : null;
}
