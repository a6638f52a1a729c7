import type { BankSource } from '../../../../shared/features/bank-readiness/providers.domain';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Where a rule comes from: the day it was checked in view, and each source page with its kind and
 * its own date one click away (a page of sources under every line would bury the verdicts).
 */
export function SourceLine({
  sources,
  checkedOn,
  disagree,
  fromCustomer,
}: {
  sources: readonly BankSource[];
  checkedOn: string | null;
  disagree?: boolean;
  fromCustomer?: boolean;
}) {
  const { t } = useTranslation();
  const { day } = useFormat();
  // A page shows a year or a month as often as a day; only a whole day goes through the date format.
  const pageDate = (d: string) => (FULL_DATE.test(d) ? day(d) : d);
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-600">
      {disagree ? <p className="font-medium text-amber-800">{t('bankReadiness.disagree')}</p> : null}
      {fromCustomer ? <p>{t('bankReadiness.fromCustomer')}</p> : null}
      {sources.length > 0 ? (
        <details>
          <summary className="cursor-pointer">
            {t('bankReadiness.sources')} ({sources.length})
            {checkedOn ? ` · ${t('bankReadiness.checkedOn', { date: day(checkedOn) })}` : ''}
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {sources.map((s) => (
              <li key={s.url} className="break-words">
                {s.url} ({t(s.kind === 'official' ? 'bankReadiness.official' : 'bankReadiness.thirdParty')},{' '}
                {s.pageDate ? t('bankReadiness.pageDate', { date: pageDate(s.pageDate) }) : t('bankReadiness.undated')})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
