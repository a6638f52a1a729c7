import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankReadiness } from '../../../../shared/features/bank-readiness/bank-readiness.contracts';
import { BANK_CATALOGUE } from '../../../../shared/features/bank-readiness/providers.domain';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { api } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { countryName } from '../lib/reason-text';

const customerBankQuery = (userId: string) =>
  queryOptions({
    queryKey: ['bank-readiness', 'customer', userId],
    queryFn: () => api<BankReadiness>('GET', `/api/admin/bank-readiness/customers/${encodeURIComponent(userId)}`),
  });

/** The customer file's bank history (decision 0084): the addresses, each provider's verdict, the answers. */
export function CustomerBankHistory({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { day, lang } = useFormat();
  const { data, isPending, isError } = useQuery(customerBankQuery(userId));
  if (isPending) return <Spinner className="size-5 text-indigo-600" />;
  if (isError) return <Alert tone="error">{t('bankReadiness.loadFailed')}</Alert>;
  return (
    <div className="space-y-3 text-sm text-slate-800" data-testid="customer-bank-history">
      <ul className="space-y-1">
        {data.addresses.map((a) => (
          <li key={a.role}>
            <span className="font-medium">{t(`bankReadiness.addresses.roles.${a.role}`)}</span>
            {`: ${t(`bankReadiness.addresses.kinds.${a.kind}`)}, ${countryName(a.country, lang)}`}
            {a.origin === 'portal' ? ` (${t('bankReadiness.addresses.portal')})` : ''}
          </li>
        ))}
      </ul>
      <ul className="space-y-1">
        {data.checks.map((c) => (
          <li key={c.provider}>
            <span className="font-medium">{BANK_CATALOGUE[c.provider].name}</span>
            {`: ${t(`bankReadiness.status.${c.status}`)}`}
          </li>
        ))}
      </ul>
      {data.applications.length === 0 ? (
        <p className="text-slate-600">{t('bankReadiness.applications.none')}</p>
      ) : (
        <ul className="space-y-1">
          {data.applications.map((a) => (
            <li key={a.id}>
              <span className="font-medium">{BANK_CATALOGUE[a.provider].name}</span>
              {` · ${t(`bankReadiness.applications.outcomes.${a.outcome}`)} · ${day(a.decidedOn)}`}
              {a.reason ? <span className="block text-slate-600">{a.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
