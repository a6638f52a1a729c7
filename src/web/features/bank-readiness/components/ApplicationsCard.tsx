import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  APPLICATION_OUTCOMES,
  APPLICATION_REASON_MAX,
} from '../../../../shared/features/bank-readiness/applications.domain';
import type { BankApplicationView } from '../../../../shared/features/bank-readiness/bank-readiness.contracts';
import type {
  BankApplicationInput,
  BankApplicationValues,
} from '../../../../shared/features/bank-readiness/bank-readiness.schemas';
import {
  BANK_CATALOGUE,
  PROVIDERS,
  type ProviderId,
} from '../../../../shared/features/bank-readiness/providers.domain';
import { todayUtc } from '../../../../shared/format/dates';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { isApiError } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form';
import { useFormat } from '../../../lib/format';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { BANK_READINESS_KEY, recordBankApplication } from '../api/bank-readiness';

/** The API's own schema, loaded after the page's first paint (decision 0060). */
const applicationResolver = lazyZodResolver(() =>
  import('../../../../shared/features/bank-readiness/bank-readiness.schemas').then((m) => m.bankApplicationInputSchema),
);

const FIELDS = ['provider', 'outcome', 'reason', 'decidedOn'] as const;

/** Where the founder applied and the answers; after a refusal, the next provider to try. */
export function ApplicationsCard({
  applications,
  next,
}: {
  applications: readonly BankApplicationView[];
  next: ProviderId | null;
}) {
  const { t } = useTranslation();
  const { day } = useFormat();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<BankApplicationValues, unknown, BankApplicationInput>({
    resolver: useLazyResolver(applicationResolver),
    defaultValues: { provider: 'mercury', outcome: 'refused', reason: '', decidedOn: todayUtc() },
  });
  const record = useMutation({
    mutationFn: ({ reason, ...rest }: BankApplicationInput) =>
      recordBankApplication({ ...rest, reason: reason || undefined }),
    onSuccess: async () => {
      setValue('reason', '');
      toast.success(t('bankReadiness.applications.saved'));
      await queryClient.invalidateQueries({ queryKey: BANK_READINESS_KEY });
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, FIELDS)) return;
      toast.error(t('bankReadiness.applications.failed'));
    },
  });
  const lastRefused = applications[0]?.outcome === 'refused';
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ClipboardList aria-hidden="true" className="size-5 text-indigo-600" />
        {t('bankReadiness.applications.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('bankReadiness.applications.intro')}</p>
      {lastRefused ? (
        <div className="mt-3" data-testid="bank-next">
          <Alert tone={next ? 'info' : 'warning'}>
            {next
              ? t('bankReadiness.applications.next', { provider: BANK_CATALOGUE[next].name })
              : t('bankReadiness.applications.nextNone')}
          </Alert>
        </div>
      ) : null}
      {applications.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('bankReadiness.applications.none')}</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="bank-applications">
          {applications.map((a) => (
            <li key={a.id} className="text-sm text-slate-800">
              <span className="font-medium">{BANK_CATALOGUE[a.provider].name}</span>
              {` · ${t(`bankReadiness.applications.outcomes.${a.outcome}`)} · ${day(a.decidedOn)}`}
              {a.reason ? <span className="block text-slate-600">{a.reason}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={handleSubmit((input) => record.mutate(input))}
        noValidate
        className="mt-4 grid gap-3 sm:grid-cols-2"
        data-testid="bank-application-form"
      >
        <SelectField
          id="bank-provider"
          label={t('bankReadiness.applications.provider')}
          error={errors.provider?.message}
          {...register('provider')}
        >
          {PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {BANK_CATALOGUE[p].name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="bank-outcome"
          label={t('bankReadiness.applications.outcome')}
          error={errors.outcome?.message}
          {...register('outcome')}
        >
          {APPLICATION_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`bankReadiness.applications.outcomes.${o}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="bank-reason"
          label={t('bankReadiness.applications.reason')}
          error={errors.reason?.message}
          maxLength={APPLICATION_REASON_MAX}
          {...register('reason')}
        />
        <TextField
          id="bank-decided-on"
          type="date"
          label={t('bankReadiness.applications.decidedOn')}
          error={errors.decidedOn?.message}
          {...register('decidedOn')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={record.isPending}>
            {t('bankReadiness.applications.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
