import { CircleAlert, CircleCheck, CircleHelp, Clock, Download } from 'lucide-react';
import { Link } from 'react-router';
import type { CheckedReason, ProviderCheck, Readiness } from '../../../../shared/features/bank-readiness/check.domain';
import { BANK_CATALOGUE } from '../../../../shared/features/bank-readiness/providers.domain';
import { Card } from '../../../components/ui/Card';
import { type BadgeStyle, StatusBadge } from '../../../components/ui/StatusBadge';
import { linkClass } from '../../../components/ui/TextLink';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { packUrl } from '../api/bank-readiness';
import { reasonText } from '../lib/reason-text';
import { SourceLine } from './SourceLine';

const STATUS_STYLES: Record<Readiness, BadgeStyle> = {
  ready: { tone: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', Icon: CircleCheck },
  needs: { tone: 'bg-amber-50 text-amber-900 ring-amber-600/30', Icon: Clock },
  refused: { tone: 'bg-red-50 text-red-800 ring-red-600/20', Icon: CircleAlert },
  unknown: { tone: 'bg-slate-100 text-slate-800 ring-slate-500/30', Icon: CircleHelp },
};

const LEVEL_TONE = {
  refused: 'text-red-800',
  missing: 'text-amber-900',
  unknown: 'text-slate-800',
  caution: 'text-slate-800',
} as const;

/** A reason is one per code and role or document in a check. */
function reasonKey(r: CheckedReason): string {
  return `${r.code}:${'role' in r ? r.role : ''}:${'document' in r ? r.document : ''}`;
}

/** One provider: the verdict, each reason with its sources, what to bring, the pack. */
export function ProviderCard({
  check,
  vault,
}: {
  check: ProviderCheck;
  vault: { articles: boolean; einLetter: boolean };
}) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const p = BANK_CATALOGUE[check.provider];
  const asks = new Set(p.documents.map((d) => d.value.document));
  const missing = [
    asks.has('articles') && !vault.articles ? t('bankReadiness.documents.articles') : null,
    asks.has('ein_letter') && !vault.einLetter ? t('bankReadiness.documents.ein_letter') : null,
  ].filter((d): d is string => d !== null);
  const review = p.reviewTime?.value;
  return (
    <Card className="p-4 sm:p-5" data-testid={`bank-provider-${check.provider}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{p.name}</h3>
        <StatusBadge
          status={check.status}
          style={STATUS_STYLES[check.status]}
          testId={`bank-status-${check.provider}`}
          className="whitespace-normal"
        >
          {t(`bankReadiness.status.${check.status}`)}
        </StatusBadge>
      </div>
      {check.reasons.length > 0 ? (
        <ul className="mt-3 space-y-3">
          {check.reasons.map((r) => (
            <li key={reasonKey(r)} className={`text-sm ${LEVEL_TONE[r.level]}`} data-reason={r.code}>
              {reasonText(t, lang, check.provider, r)}
              <SourceLine
                sources={r.sources}
                checkedOn={r.checkedOn}
                disagree={r.disagree}
                fromCustomer={r.fromCustomer}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {check.bring.length > 0 ? (
        <div className="mt-3 text-sm text-slate-800">
          <p className="font-medium">{t('bankReadiness.provider.bring')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {check.bring.map((b) => {
              const document = t(`bankReadiness.documents.${b.document}`);
              return (
                <li key={b.document}>
                  {b.optional
                    ? t('bankReadiness.provider.optional', { document })
                    : b.maxAgeDays
                      ? t('bankReadiness.provider.maxAge', { document, days: b.maxAgeDays })
                      : document}
                  <SourceLine sources={b.sources} checkedOn={b.checkedOn} disagree={b.disagree} />
                </li>
              );
            })}
          </ul>
          {check.bring.some((b) => b.document === 'passport') ? (
            <p className="mt-1 text-xs text-slate-600">{t('bankReadiness.provider.passportNote')}</p>
          ) : null}
        </div>
      ) : null}
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">{t('bankReadiness.provider.review')}</dt>
          <dd className="text-slate-800">
            {review
              ? review.unit === 'hours'
                ? t('bankReadiness.provider.reviewHours', { hours: review.max })
                : review.min === review.max
                  ? t('bankReadiness.provider.reviewDaysOne', { days: review.max })
                  : t('bankReadiness.provider.reviewDays', { min: review.min, max: review.max })
              : t('bankReadiness.provider.unknown')}
            {p.reviewTime ? <SourceLine sources={p.reviewTime.sources} checkedOn={p.reviewTime.checkedOn} /> : null}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('bankReadiness.provider.ssn')}</dt>
          <dd className="text-slate-800">
            {p.needsSsnOrItin
              ? t(p.needsSsnOrItin.value ? 'bankReadiness.provider.ssnYes' : 'bankReadiness.provider.ssnNo')
              : t('bankReadiness.provider.unknown')}
            {p.needsSsnOrItin ? (
              <SourceLine sources={p.needsSsnOrItin.sources} checkedOn={p.needsSsnOrItin.checkedOn} />
            ) : null}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <a
          href={packUrl(check.provider)}
          download
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50"
          data-testid={`bank-pack-${check.provider}`}
        >
          <Download aria-hidden="true" className="size-4" />
          {t('bankReadiness.provider.pack')}
        </a>
        <p className="text-xs text-slate-600">{t('bankReadiness.provider.packHint')}</p>
      </div>
      {missing.length > 0 ? (
        <p className="mt-2 text-sm text-amber-900">
          {t('bankReadiness.provider.missing', { documents: missing.join(', ') })}{' '}
          <Link to="/documents" className={linkClass}>
            {t('bankReadiness.provider.upload')}
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
