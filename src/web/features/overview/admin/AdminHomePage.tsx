import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PACKAGE_IDS } from '../../../../shared/catalogue/packages';
import {
  type DayRange,
  FUNNEL_STEPS,
  PANEL_PERMISSIONS,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  stepRate,
} from '../../../../shared/domain/overview';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';

const BankHomePanel = lazy(() => import('./BankHomePanel').then((m) => ({ default: m.BankHomePanel })));

import { careQuery, deadlinesQuery, funnelQuery, growthQuery, irsQuery, moneyQuery } from './overviewApi';

const isPackage = (item: string) => (PACKAGE_IDS as readonly string[]).includes(item);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const GROWTH_KEYS = ['signups', 'onboarding', 'formationsStarted', 'formationsCompleted', 'einsIssued'] as const;
const GROWTH_FILLS = ['fill-indigo-600', 'fill-sky-500', 'fill-amber-500', 'fill-emerald-600', 'fill-rose-500'];
/** Each growth figure's list, narrowed to what it counts in the range's days (decision 0055). */
const GROWTH_LINKS: Record<(typeof GROWTH_KEYS)[number], (range: DayRange) => string> = {
  signups: (r) => signupsIn(r),
  onboarding: (r) => `/admin/formations?createdFrom=${r.from}&createdTo=${r.to}`,
  // Orders, not customers: one who paid for a package twice shows twice (and is flagged).
  formationsStarted: (r) => `${paidOrdersIn(r)}&kind=formation_package`,
  formationsCompleted: (r) => `/admin/formations?status=formation_completed&reachedFrom=${r.from}&reachedTo=${r.to}`,
  einsIssued: (r) => `/admin/ein?status=ein_issued&reachedFrom=${r.from}&reachedTo=${r.to}`,
};
/** The accounts the sign-ups figures count: customers who joined in the range's days. */
const signupsIn = (range: DayRange) => `/admin/users?joinedFrom=${range.from}&joinedTo=${range.to}&customers=1`;
/** The orders the money figures count: paid, live (TEST MODE never counts), in the range's days. */
const paidOrdersIn = (range: DayRange) =>
  `/admin/orders?status=paid&mode=live&paidFrom=${range.from}&paidTo=${range.to}`;
/**
 * Each funnel step's list, narrowed to the range and to the funnel's attribution filter (the customers'
 * UTM source or short link at sign-up, which every one of these lists takes).
 */
const FUNNEL_LINKS: Record<string, (range: DayRange) => string> = {
  signups: GROWTH_LINKS.signups,
  onboarding: GROWTH_LINKS.onboarding,
  firstPayment: (r) => `/admin/orders?first=1&paidFrom=${r.from}&paidTo=${r.to}`,
  einIssued: GROWTH_LINKS.einsIssued,
};
function withAttribution(path: string, funnel: { link: string | null; utm: string | null }): string {
  const extra = new URLSearchParams();
  if (funnel.utm) extra.set('utm', funnel.utm);
  if (funnel.link) extra.set('link', funnel.link);
  const query = extra.toString();
  return query ? `${path}&${query}` : path;
}
const n1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

function useRange(): { preset: RangePreset; range: DayRange; set: (next: Record<string, string | null>) => void } {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from');
  const to = search.get('to');
  const raw = search.get('range') as RangePreset | null;
  const set = (next: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next))
          if (v) out.set(k, v);
          else out.delete(k);
        return out;
      },
      { replace: true },
    );
  if (from && to && DAY.test(from) && DAY.test(to) && from <= to) return { preset: 'custom', range: { from, to }, set };
  const preset = raw && raw !== 'custom' && RANGE_PRESETS.includes(raw) ? raw : 'month';
  return { preset, range: presetRange(preset, todayUtc()), set };
}

export function AdminHomePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { usd, day, dayMonth, monthYear } = useFormat();
  const [search] = useSearchParams();
  const { preset, range, set } = useRange();
  const link = search.get('link');
  const utm = search.get('utm');
  const sees = (panel: keyof typeof PANEL_PERMISSIONS) => can(PANEL_PERMISSIONS[panel]);
  const growth = useQuery({ ...growthQuery(range), enabled: sees('growth') });
  const funnel = useQuery({ ...funnelQuery(range, link, utm), enabled: sees('funnel') });
  const money = useQuery({ ...moneyQuery(range), enabled: sees('money') });
  const irs = useQuery({ ...irsQuery(range), enabled: sees('irs') });
  const care = useQuery({ ...careQuery(range), enabled: sees('care') });
  const deadlines = useQuery({ ...deadlinesQuery(), enabled: sees('deadlines') });
  const stage = (s: string) => t(`adminHome.stages.${s}`);
  const hours = (v: number | null) => (v === null ? '—' : t('adminHome.hours', { value: n1(v) }));
  const days = (v: number | null) => (v === null ? '—' : t('adminHome.days', { value: n1(v) }));

  return (
    <div>
      <AdminPageHeader icon={LayoutDashboard} title={t('adminHome.title')} subtitle={t('adminHome.subtitle')} />
      <fieldset className="mb-5 flex flex-wrap items-end gap-2">
        <legend className="sr-only">{t('adminHome.range.label')}</legend>
        {RANGE_PRESETS.filter((p) => p !== 'custom').map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={preset === p}
            onClick={() => set({ range: p, from: null, to: null })}
            className={
              preset === p
                ? 'rounded-lg bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white'
                : 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50'
            }
          >
            {t(`adminHome.range.${p}`)}
          </button>
        ))}
        <label className="flex flex-col text-xs text-slate-600">
          {t('adminHome.range.from')}
          <input
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => e.target.value && set({ from: e.target.value, to: range.to, range: null })}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-900"
          />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t('adminHome.range.to')}
          <input
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => e.target.value && set({ from: range.from, to: e.target.value, range: null })}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-900"
          />
        </label>
        {/* The line is there before the figures, so that their arrival moves nothing below it. */}
        <p className="min-h-5 text-sm text-slate-600" data-testid={growth.data ? 'home-previous-range' : undefined}>
          {growth.data
            ? t('adminHome.range.comparedWith', {
                from: day(growth.data.previous.from),
                to: day(growth.data.previous.to),
              })
            : null}
        </p>
      </fieldset>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {growth.data ? (
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
        ) : sees('growth') ? (
          <PanelPlaceholder id="growth" title={t('adminHome.growth.title')} />
        ) : null}

        {funnel.data ? (
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
        ) : sees('funnel') ? (
          <PanelPlaceholder id="funnel" title={t('adminHome.funnel.title')} />
        ) : null}

        {money.data ? (
          <HomePanel
            id="money"
            title={t('adminHome.money.title')}
            loading={money.isFetching}
            figures={[
              {
                key: 'revenue',
                label: t('adminHome.money.revenue'),
                value: usd(money.data.totals.cents),
                previous: usd(money.data.previousTotals.cents),
                to: paidOrdersIn(money.data.range),
              },
              {
                key: 'orders',
                label: t('adminHome.money.orders'),
                value: String(money.data.totals.orders),
                previous: String(money.data.previousTotals.orders),
                to: paidOrdersIn(money.data.range),
              },
            ]}
            chart={(() => {
              const months = [...new Set(money.data.rows.map((r) => r.month))];
              return (
                <BarChart
                  labels={months.map(monthYear)}
                  format={(c) => usd(Math.round(c / 100) * 100).replace(/[.,]00$/, '')}
                  series={[
                    {
                      name: t('adminHome.money.revenue'),
                      values: months.map((m) =>
                        money.data.rows.filter((r) => r.month === m).reduce((n, r) => n + r.cents, 0),
                      ),
                      fill: 'fill-emerald-600',
                    },
                  ]}
                />
              );
            })()}
            table={{
              columns: [
                t('adminHome.month'),
                t('adminHome.money.item'),
                t('adminHome.money.orders'),
                t('adminHome.money.amount'),
              ],
              rows: money.data.rows.map((r) => [
                monthYear(r.month),
                r.kind === 'package' && isPackage(r.item) ? t(`adminHome.packages.${r.item}`) : (r.title ?? r.item),
                r.orders,
                usd(r.cents),
              ]),
            }}
          >
            <p className="mt-2 text-xs text-slate-500">{t('adminHome.money.testModeNote')}</p>
          </HomePanel>
        ) : sees('money') ? (
          <PanelPlaceholder id="money" title={t('adminHome.money.title')} />
        ) : null}

        {irs.data ? (
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
        ) : sees('irs') ? (
          <PanelPlaceholder id="irs" title={t('adminHome.irs.title')} />
        ) : null}

        {care.data ? (
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
        ) : sees('care') ? (
          <PanelPlaceholder id="care" title={t('adminHome.care.title')} />
        ) : null}

        {deadlines.data ? (
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
        ) : sees('deadlines') ? (
          <PanelPlaceholder id="deadlines" title={t('adminHome.deadlines.title')} />
        ) : null}

        {/* Bank readiness (decisions 0084, 0085): its own chunk, loaded after the home's panels. */}
        {can('overview.read') ? (
          <Suspense fallback={<PanelPlaceholder id="bank" title={t('bankReadiness.home.title')} />}>
            <BankHomePanel />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
