import { useMutation, useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type {
  RuleChangeInput,
  RuleChangeValues,
} from '../../../../shared/features/bank-readiness/bank-readiness.schemas';
import {
  BANK_CATALOGUE,
  PROVIDERS,
  type ProviderId,
} from '../../../../shared/features/bank-readiness/providers.domain';
import { todayUtc } from '../../../../shared/format/dates';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { RetryAlert } from '../../../components/admin/ListParts';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { TextField } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { TextareaField } from '../../../components/ui/Textarea';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { SourceLine } from '../components/SourceLine';
import { BANK_ADMIN_KEY, type CatalogueRule, catalogueRulesQuery, changeRule } from './bankAdminApi';

const isProvider = (v: string | null): v is ProviderId => (PROVIDERS as readonly string[]).includes(v ?? '');
const refresh = () => queryClient.invalidateQueries({ queryKey: BANK_ADMIN_KEY });

/**
 * /admin/bank-catalogue (decisions 0085, 0091): every provider's rules with their sources and checked day;
 * re-check or withdraw one (each change one audit row, written by the API); `?stale=1` shows only the
 * rules older than the set age, which the home's bank panel links to.
 */
export function AdminBankCataloguePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const staleOnly = search.get('stale') === '1';
  const providerParam = search.get('provider');
  const provider = isProvider(providerParam) ? providerParam : null;
  const { data, isPending, isError, refetch } = useQuery(catalogueRulesQuery);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next, { replace: true });
  };
  const shown = (data?.rules ?? []).filter((r) => (!staleOnly || r.stale) && (!provider || r.provider === provider));
  const staleCount = data?.rules.filter((r) => r.stale).length ?? 0;
  return (
    <>
      <AdminPageHeader icon={Landmark} title={t('bankReadiness.catalogue.title')} />
      <p className="-mt-3 mb-4 max-w-3xl text-sm text-slate-600">{t('bankReadiness.catalogue.intro')}</p>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect
          name="provider"
          label={t('bankReadiness.catalogue.provider')}
          values={PROVIDERS}
          labelOf={(p) => BANK_CATALOGUE[p].name}
          allLabel={t('bankReadiness.catalogue.allProviders')}
          value={provider}
          onFilter={(v) => set({ provider: v })}
          className="w-full sm:w-64"
          testId="bank-catalogue-provider"
        />
        <Checkbox
          id="bank-catalogue-stale"
          label={t('bankReadiness.catalogue.staleOnly')}
          checked={staleOnly}
          onChange={(e) => set({ stale: e.target.checked ? '1' : null })}
          className="sm:mb-2"
        />
      </div>
      {isPending ? <Spinner className="size-6 text-indigo-600" /> : null}
      {isError ? <RetryAlert message={t('bankReadiness.catalogue.loadFailed')} onRetry={() => void refetch()} /> : null}
      {data ? (
        <>
          <p className="mb-4 text-sm font-medium text-slate-800" data-testid="bank-catalogue-stale-count">
            {staleCount > 0
              ? t('bankReadiness.catalogue.staleCount', { count: staleCount, days: data.maxAgeDays })
              : t('bankReadiness.catalogue.noneStale', { days: data.maxAgeDays })}
          </p>
          {shown.length === 0 ? <p className="text-sm text-slate-600">{t('bankReadiness.catalogue.empty')}</p> : null}
          {PROVIDERS.filter((p) => shown.some((r) => r.provider === p)).map((p) => (
            <section key={p} className="mb-6" aria-labelledby={`bank-catalogue-${p}`}>
              <h2 id={`bank-catalogue-${p}`} className="mb-2 text-lg font-semibold text-slate-900">
                {BANK_CATALOGUE[p].name}
              </h2>
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
                {shown
                  .filter((r) => r.provider === p)
                  .map((rule) => (
                    <RuleRow key={rule.key} rule={rule} />
                  ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </>
  );
}

/** The API's own schema, loaded after the page's first paint (decision 0060). */
const ruleChangeResolver = lazyZodResolver<RuleChangeValues, RuleChangeInput>(() =>
  import('../../../../shared/features/bank-readiness/bank-readiness.schemas').then((m) => m.ruleChangeSchema),
);

function RuleRow({ rule }: { rule: CatalogueRule }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const label = t(`bankReadiness.catalogue.keys.${rule.key}`);
  const save = useMutation({
    mutationFn: (body: RuleChangeInput) => changeRule(rule.provider, rule.key, body),
    onSuccess: () => {
      toast.success(t('bankReadiness.catalogue.saved'));
      setEditing(false);
      void refresh();
    },
    onError: (error) => failureToast(error, 'bankReadiness.catalogue.failed'),
  });
  return (
    <li
      className="p-4"
      data-testid="bank-rule"
      data-rule={`${rule.provider}:${rule.key}`}
      data-stale={rule.stale ? 'true' : 'false'}
      data-withdrawn={rule.withdrawn ? 'true' : 'false'}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium text-slate-900">{label}</p>
          <div className="mt-1 flex flex-wrap gap-2 text-xs">
            {rule.stale ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                {t('bankReadiness.catalogue.stale')}
              </span>
            ) : null}
            {rule.withdrawn ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-800">
                {t('bankReadiness.catalogue.withdrawn')}
              </span>
            ) : null}
            {rule.disagree ? (
              <span className="rounded-full bg-rose-100 px-2 py-0.5 font-medium text-rose-900">
                {t('bankReadiness.catalogue.disagree')}
              </span>
            ) : null}
          </div>
          <SourceLine sources={rule.sources} checkedOn={rule.checkedOn} />
          {rule.note ? <p className="mt-1 break-words text-sm text-slate-700">{rule.note}</p> : null}
        </div>
        {editing ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            {/* A withdrawn rule comes back through the form, on purpose, not with the quick re-check. */}
            {rule.withdrawn ? null : (
              <Button
                size="sm"
                variant="secondary"
                loading={save.isPending}
                data-testid="bank-rule-recheck"
                onClick={() => save.mutate({ checkedOn: todayUtc(), withdrawn: false, note: rule.note ?? undefined })}
              >
                {t('bankReadiness.catalogue.recheckToday')}
              </Button>
            )}
            <Button size="sm" variant="ghost" data-testid="bank-rule-change" onClick={() => setEditing(true)}>
              {t('bankReadiness.catalogue.change')}
            </Button>
          </div>
        )}
      </div>
      {editing ? <RuleForm rule={rule} onCancel={() => setEditing(false)} save={save} /> : null}
    </li>
  );
}

function RuleForm({
  rule,
  onCancel,
  save,
}: {
  rule: CatalogueRule;
  onCancel: () => void;
  save: { mutateAsync: (body: RuleChangeInput) => Promise<unknown>; isPending: boolean };
}) {
  const { t } = useTranslation();
  const id = `${rule.provider}-${rule.key.replace('.', '-')}`;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RuleChangeValues, unknown, RuleChangeInput>({
    resolver: useLazyResolver(ruleChangeResolver),
    defaultValues: { checkedOn: todayUtc(), withdrawn: rule.withdrawn, note: rule.note ?? '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      if (isApiError(error) && error.fields) applyFieldErrors(setError, error.fields, ['checkedOn', 'note']);
    }
  });
  return (
    <form noValidate className="mt-3 space-y-3" onSubmit={submit} data-testid="bank-rule-form">
      <TextField
        id={`rule-date-${id}`}
        type="date"
        label={t('bankReadiness.catalogue.checkedOn')}
        error={errors.checkedOn?.message}
        className="sm:w-64"
        {...register('checkedOn')}
      />
      <Checkbox id={`rule-withdrawn-${id}`} label={t('bankReadiness.catalogue.withdraw')} {...register('withdrawn')} />
      <TextareaField
        id={`rule-note-${id}`}
        rows={2}
        label={t('bankReadiness.catalogue.note')}
        error={errors.note?.message}
        {...register('note')}
      />
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending} data-testid="bank-rule-save">
          {t('bankReadiness.catalogue.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('bankReadiness.catalogue.cancel')}
        </Button>
      </div>
    </form>
  );
}
