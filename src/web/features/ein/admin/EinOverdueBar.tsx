import { clsx } from 'clsx';
import { AlarmClock } from 'lucide-react';
import type { EinOverdueSummary } from '../../../../shared/features/ein/ein-follow-ups.contracts';
import { useTranslation } from '../../../lib/useTranslation';

/**
 * Decision 0050: the desk's top bar count of applications overdue at the IRS, as a toggle that filters
 * the list to them, with the rule (the setting's business days) beside it.
 */
export function EinOverdueBar({
  summary,
  active,
  onToggle,
}: {
  summary: EinOverdueSummary | undefined;
  active: boolean;
  onToggle: (next: boolean) => void;
}) {
  const { t } = useTranslation();
  const count = summary?.count ?? 0;
  const label =
    summary?.countKind === 'atLeast'
      ? t('einFollowUps.desk.overdueCountAtLeast', { count })
      : t('einFollowUps.desk.overdueCount', { count });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        aria-pressed={active}
        data-testid="ein-overdue-filter"
        data-count={summary ? count : undefined}
        onClick={() => onToggle(!active)}
        className={clsx(
          'inline-flex min-h-10 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          active
            ? 'border-amber-600 bg-amber-100 text-amber-900'
            : count > 0
              ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        )}
      >
        <AlarmClock aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('einFollowUps.desk.overdueFilter')}: </span>
        {summary ? label : t('einFollowUps.desk.overdueFilter')}
      </button>
      {summary ? (
        <p className="text-sm text-slate-600">{t('einFollowUps.desk.overdueRule', { days: summary.businessDays })}</p>
      ) : null}
    </div>
  );
}
