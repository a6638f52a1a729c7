import type { BankSource } from '../../../../shared/bank-readiness/providers';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';

/** Where a rule comes from: each source page, its kind and own date, and the day it was checked. */
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
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-600">
      {disagree ? <p className="font-medium text-amber-800">{t('bankReadiness.disagree')}</p> : null}
      {fromCustomer ? <p>{t('bankReadiness.fromCustomer')}</p> : null}
      {sources.length > 0 ? (
        <p className="break-words">
          {t('bankReadiness.sources')}:{' '}
          {sources
            .map(
              (s) =>
                `${s.url} (${t(s.kind === 'official' ? 'bankReadiness.official' : 'bankReadiness.thirdParty')}, ${
                  s.pageDate ? t('bankReadiness.pageDate', { date: s.pageDate }) : t('bankReadiness.undated')
                })`,
            )
            .join('; ')}
          {checkedOn ? `; ${t('bankReadiness.checkedOn', { date: day(checkedOn) })}` : ''}
        </p>
      ) : null}
    </div>
  );
}
