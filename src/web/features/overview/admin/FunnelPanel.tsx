import { useQuery } from '@tanstack/react-query';
import {
  type DayRange,
  FUNNEL_STEPS,
  PANEL_PERMISSIONS,
  stepRate,
} from '../../../../shared/features/overview/overview.domain';
import { useCan } from '../../../lib/can';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';
import { FUNNEL_LINKS, withAttribution } from './homeFigures';
import { funnelQuery } from './overviewApi';

/** The home's funnel panel (decision 0055): shown to whoever holds its permission. */
export function FunnelPanel({
  range,
  link,
  utm,
  set,
}: {
  range: DayRange;
  link: string | null;
  utm: string | null;
  set: (next: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation();
  const sees = useCan()(PANEL_PERMISSIONS.funnel);
  const funnel = useQuery({ ...funnelQuery(range, link, utm), enabled: sees });
  return funnel.data ? (
    <HomePanel
      id="funnel"
      title={t('adminHome.funnel.title')}
      loading={funnel.isFetching}
      figures={funnel.data.steps.slice(1).map((s, i) => {
        const rate = stepRate(s.count, funnel.data.steps[i].count);
        return {
          key: s.step,
          label: t(`adminHome.funnel.${s.step}`),
          value: rate === null ? String(s.count) : `${s.count} (${rate}%)`,
          previous: String(s.previous),
          to: withAttribution(FUNNEL_LINKS[s.step](funnel.data.range), funnel.data),
        };
      })}
      chart={
        <BarChart
          labels={FUNNEL_STEPS.map((s) => t(`adminHome.funnel.${s}`))}
          series={[
            {
              name: t('adminHome.thisPeriod'),
              values: funnel.data.steps.map((s) => s.count),
              fill: 'fill-indigo-600',
            },
            {
              name: t('adminHome.previousPeriod'),
              values: funnel.data.steps.map((s) => s.previous),
              fill: 'fill-slate-400',
            },
          ]}
        />
      }
      table={{
        columns: [
          t('adminHome.funnel.step'),
          t('adminHome.thisPeriod'),
          t('adminHome.funnel.rate'),
          t('adminHome.previousPeriod'),
        ],
        rows: funnel.data.steps.map((s, i) => [
          t(`adminHome.funnel.${s.step}`),
          s.count,
          i === 0 ? null : stepRate(s.count, funnel.data.steps[i - 1].count),
          s.previous,
        ]),
      }}
    >
      <div className="mt-3 flex flex-wrap gap-2 text-sm">
        <label className="flex flex-col text-xs text-slate-600">
          {t('adminHome.funnel.link')}
          <select
            value={link ?? ''}
            onChange={(e) => set({ link: e.target.value || null })}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-900"
          >
            <option value="">{t('adminHome.funnel.all')}</option>
            {funnel.data.links.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t('adminHome.funnel.utm')}
          <select
            value={utm ?? ''}
            onChange={(e) => set({ utm: e.target.value || null })}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-900"
          >
            <option value="">{t('adminHome.funnel.all')}</option>
            {funnel.data.sources.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <p className="self-end text-xs text-slate-500">{t('adminHome.funnel.visitsNote')}</p>
      </div>
    </HomePanel>
  ) : sees ? (
    <PanelPlaceholder id="funnel" title={t('adminHome.funnel.title')} />
  ) : null;
}
