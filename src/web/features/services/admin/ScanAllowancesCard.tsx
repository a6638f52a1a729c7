import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { ScanAllowances, ScanAllowancesInput } from '../../../../shared/features/mail/mail.contracts';
import type { ScanAllowancesFormValues } from '../../../../shared/features/mail/mail.schemas';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/Input';
import { api, isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';

/** The mailroom's allowances are part of finance's catalogue (decision 0099); the mail feature serves them. */
const PATH = '/api/admin/mail/scan-allowances';
const KEY = ['admin', 'services', 'scan-allowances'] as const;
const allowancesQuery = queryOptions({ queryKey: KEY, queryFn: () => api<ScanAllowances>('GET', PATH) });
const PLANS = ['shared_address', 'private_address'] as const;

const resolver = lazyZodResolver(() =>
  import('../../../../shared/features/mail/mail.schemas').then((m) => m.scanAllowancesFormSchema),
);

/** The scans each address plan includes a month; blank: not counted. */
export function ScanAllowancesCard() {
  const { t } = useTranslation();
  const { data, isError } = useQuery(allowancesQuery);
  return (
    <Card data-testid="scan-allowances">
      <h2 className="text-lg font-semibold text-slate-900">{t('adminServices.scans.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('adminServices.scans.intro')}</p>
      {isError ? (
        <Alert tone="error" className="mt-4">
          {t('adminServices.scans.failed')}
        </Alert>
      ) : data ? (
        <AllowancesForm key={JSON.stringify(data)} saved={data} />
      ) : null}
    </Card>
  );
}

function AllowancesForm({ saved }: { saved: ScanAllowances }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ScanAllowancesFormValues, unknown, ScanAllowancesInput>({
    resolver: useLazyResolver(resolver),
    defaultValues: {
      shared_address: saved.shared_address?.toString() ?? '',
      private_address: saved.private_address?.toString() ?? '',
    },
  });
  const save = useMutation({
    mutationFn: (input: ScanAllowancesInput) => api<ScanAllowances>('PUT', PATH, input),
    onSuccess: (next) => {
      toast.success(t('adminServices.scans.saved'));
      queryClient.setQueryData(KEY, next);
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED') && applyFieldErrors(setError, error.fields, PLANS)) return;
      failureToast(error, 'adminServices.scans.failed', t);
    },
  });
  return (
    <form
      onSubmit={handleSubmit((input) => save.mutate(input))}
      noValidate
      className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end"
    >
      {PLANS.map((plan) => (
        <TextField
          key={plan}
          id={`scans-${plan}`}
          label={t(`catalogue.addressOptions.${plan}`)}
          inputMode="numeric"
          autoComplete="off"
          error={errors[plan]?.message}
          {...register(plan)}
        />
      ))}
      <Button type="submit" loading={save.isPending} data-testid="scan-allowances-save">
        {t('adminServices.form.save')}
      </Button>
    </form>
  );
}
