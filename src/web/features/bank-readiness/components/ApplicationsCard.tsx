import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { APPLICATION_OUTCOMES, type ApplicationOutcome } from '../../../../shared/bank-readiness/applications';
import { BANK_CATALOGUE, PROVIDERS, type ProviderId } from '../../../../shared/bank-readiness/providers';
import type { BankApplicationView } from '../../../../shared/contracts/bank-readiness';
import { todayUtc } from '../../../../shared/format/dates';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { isApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { BANK_READINESS_KEY, recordBankApplication } from '../api/bank-readiness';

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
  const [provider, setProvider] = useState<ProviderId>('mercury');
  const [outcome, setOutcome] = useState<ApplicationOutcome>('refused');
  const [reason, setReason] = useState('');
  const [decidedOn, setDecidedOn] = useState<string>(todayUtc);
  const [fields, setFields] = useState<Record<string, string>>({});
  const record = useMutation({
    mutationFn: () => recordBankApplication({ provider, outcome, reason: reason || undefined, decidedOn }),
    onSuccess: async () => {
      setFields({});
      setReason('');
      toast.success(t('bankReadiness.applications.saved'));
      await queryClient.invalidateQueries({ queryKey: BANK_READINESS_KEY });
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED')) setFields(error.fields);
      else toast.error(t('bankReadiness.applications.failed'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    record.mutate();
  };
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
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="bank-application-form">
        <SelectField
          name="bank-provider"
          label={t('bankReadiness.applications.provider')}
          value={provider}
          onChange={(e) => setProvider(e.target.value as ProviderId)}
          error={fields.provider}
        >
          {PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {BANK_CATALOGUE[p].name}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="bank-outcome"
          label={t('bankReadiness.applications.outcome')}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as ApplicationOutcome)}
          error={fields.outcome}
        >
          {APPLICATION_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`bankReadiness.applications.outcomes.${o}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          name="bank-reason"
          label={t('bankReadiness.applications.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fields.reason}
          maxLength={500}
        />
        <TextField
          name="bank-decided-on"
          type="date"
          label={t('bankReadiness.applications.decidedOn')}
          value={decidedOn}
          onChange={(e) => setDecidedOn(e.target.value)}
          error={fields.decidedOn}
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
