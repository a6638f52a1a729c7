import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PANEL_PERMISSIONS, RANGE_PRESETS } from '../../../../shared/features/overview/overview.domain';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { BankHomePanel } from './BankHomePanel';
import { CarePanel } from './CarePanel';
import { DeadlinesPanel } from './DeadlinesPanel';
import { FunnelPanel } from './FunnelPanel';
import { GrowthPanel } from './GrowthPanel';
import { IrsPanel } from './IrsPanel';
import { MailHomePanel } from './MailHomePanel';
import { MoneyPanel } from './MoneyPanel';
import { growthQuery } from './overviewApi';
import { useHomeRange } from './useHomeRange';

/** The operator's home (/admin, decision 0055): the range, then one module per panel. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const can = useCan();
  const { day } = useFormat();
  const [search] = useSearchParams();
  const { preset, range, set } = useHomeRange();
  const link = search.get('link');
  const utm = search.get('utm');
  // The growth panel's own query (the same key, so one request): its previous range heads the page.
  const growth = useQuery({ ...growthQuery(range), enabled: can(PANEL_PERMISSIONS.growth) });

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
        <GrowthPanel range={range} />
        <FunnelPanel range={range} link={link} utm={utm} set={set} />
        <MoneyPanel range={range} />
        <IrsPanel range={range} />
        <CarePanel range={range} />
        <DeadlinesPanel />
        {/* Bank readiness (decisions 0084, 0085): approvals and refusals per provider. */}
        {can('overview.read') ? <BankHomePanel /> : null}
        {/* The mailroom (decision 0089): letters, time to scan, open decisions. */}
        {can('mail.read') ? <MailHomePanel range={range} /> : null}
      </div>
    </div>
  );
}
