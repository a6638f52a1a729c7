import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../lib/useTranslation';
import { bankReadinessQuery } from '../api/bank-readiness';
import { AddressesCard } from './AddressesCard';
import { ApplicationsCard } from './ApplicationsCard';
import { ProviderCard } from './ProviderCard';

/** /bank-account, above the guide: the addresses, the check per provider, the applications. */
export function BankReadinessSection() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(bankReadinessQuery);
  return (
    <section aria-labelledby="bank-readiness-title" className="mx-auto w-full max-w-3xl px-4 pt-6 sm:pt-10">
      <h2 id="bank-readiness-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-6 text-indigo-600" />
        {t('bankReadiness.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('bankReadiness.intro')}</p>
      {isPending ? (
        <div role="status" className="flex justify-center py-8">
          <Spinner className="size-8 text-indigo-600" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : isError ? (
        <div className="mt-4">
          <Alert tone="error">{t('bankReadiness.loadFailed')}</Alert>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <AddressesCard addresses={data.addresses} />
          {data.checks.map((check) => (
            <ProviderCard key={check.provider} check={check} vault={data.vault} />
          ))}
          <ApplicationsCard applications={data.applications} next={data.next} />
        </div>
      )}
    </section>
  );
}
