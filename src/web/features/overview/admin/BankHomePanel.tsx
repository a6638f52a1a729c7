import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BankSummary } from '../../../../shared/features/bank-readiness/bank-readiness.contracts';
import { BANK_CATALOGUE } from '../../../../shared/features/bank-readiness/providers.domain';
import { api } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { useTranslation } from '../../../lib/useTranslation';
import { BarChart } from '../components/BarChart';
import { HomePanel, PanelPlaceholder } from '../components/HomePanel';

const bankSummaryQuery = {
  queryKey: ['bank-readiness', 'summary'] as const,
  queryFn: () => api<BankSummary>('GET', '/api/admin/bank-readiness/summary'),
};

const OUTCOMES = ['approved', 'moreInfo', 'refused'] as const;
const FILLS = { approved: 'fill-emerald-600', moreInfo: 'fill-amber-500', refused: 'fill-rose-500' } as const;
const OUTCOME_LABEL = { approved: 'approved', moreInfo: 'more_info', refused: 'refused' } as const;

/**
 * The home's bank panel (decisions 0084, 0085): the answers customers recorded per provider with the
 * approval rate, the common refusal reasons, and how many catalogue rules need a re-check. Each figure
 * links to the list behind it (decision 0091) for a role that may open it: a provider's rate to the
 * applications to that provider, a reason to the refusals with that reason, the stale count to the
 * catalogue's stale rules.
 */
export function BankHomePanel() {
  const { t } = useTranslation();
  const can = useCan();
  const { data, isFetching } = useQuery(bankSummaryQuery);
  const toList = (filter: Record<string, string>) =>
    can('bank.read') ? `/admin/bank-applications?${new URLSearchParams(filter)}` : undefined;
  const title = t('bankReadiness.home.title');
  if (!data) return <PanelPlaceholder id="bank" title={title} />;
  const outcome = (o: (typeof OUTCOMES)[number]) => t(`bankReadiness.applications.outcomes.${OUTCOME_LABEL[o]}`);
  const rate = (p: BankSummary['providers'][number]) => {
    const total = p.approved + p.moreInfo + p.refused;
    return total === 0 ? '—' : `${Math.round((p.approved / total) * 100)}% (${p.approved}/${total})`;
  };
  return (
    <HomePanel
      id="bank"
      title={title}
      loading={isFetching}
      figures={[
        ...data.providers
          .filter((p) => p.approved + p.moreInfo + p.refused > 0)
          .map((p) => ({
            key: p.provider,
            label: BANK_CATALOGUE[p.provider].name,
            value: rate(p),
            to: toList({ provider: p.provider }),
          })),
        {
          key: 'stale',
          label: t('bankReadiness.home.stale', { days: data.maxAgeDays }),
          value: String(data.staleRules),
          to: can('bank.catalogue') ? '/admin/bank-catalogue?stale=1' : undefined,
        },
      ]}
      chart={
        <BarChart
          labels={data.providers.map((p) => BANK_CATALOGUE[p.provider].name)}
          series={OUTCOMES.map((o) => ({ name: outcome(o), values: data.providers.map((p) => p[o]), fill: FILLS[o] }))}
        />
      }
      table={{
        columns: [t('bankReadiness.applications.provider'), ...OUTCOMES.map(outcome)],
        rows: data.providers.map((p) => [BANK_CATALOGUE[p.provider].name, p.approved, p.moreInfo, p.refused]),
      }}
    >
      <div className="mt-3 text-sm text-slate-800">
        <p className="font-medium">{t('bankReadiness.home.reasons')}</p>
        {data.reasons.length === 0 ? (
          <p className="text-slate-600">{t('bankReadiness.home.noReasons')}</p>
        ) : (
          <ol className="mt-1 list-decimal space-y-0.5 pl-5">
            {data.reasons.map((r) => {
              const to = toList({ outcome: 'refused', reason: r.reason });
              const text = `${r.reason} (${r.n})`;
              return (
                <li key={r.reason} data-testid="home-bank-reason">
                  {to ? (
                    <Link to={to} className="text-indigo-700 underline-offset-2 hover:underline">
                      {text}
                    </Link>
                  ) : (
                    text
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </HomePanel>
  );
}
