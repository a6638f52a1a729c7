import { Circle, CircleCheck } from 'lucide-react';
import type { FilingView } from '../../../../shared/features/filings/filings.contracts';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/** The filing's stages in order, each with its date, like the EIN timeline. */
export function FilingStages({ filing }: { filing: FilingView }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <ol className="space-y-2" aria-label={t('filings.stagesTitle')} data-testid="filing-stages">
      {filing.stages.map((s) => (
        <li
          key={s.stage}
          data-testid="filing-stage"
          data-stage={s.stage}
          data-reached={s.at ? 'yes' : 'no'}
          className="flex items-start gap-3"
        >
          {s.at ? (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <Circle className="mt-0.5 size-5 shrink-0 text-slate-300" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <p className={s.at ? 'font-medium text-slate-900' : 'text-slate-500'}>{t(`filings.stages.${s.stage}`)}</p>
            <p className="text-sm text-slate-500">{s.at ? date(s.at) : t('filings.stagePending')}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
