import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleCheck } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ComplianceRuleId } from '../../../../shared/catalogue/compliance';
import { formatCalendarDate } from '../../../../shared/catalogue/compliance-format';
import { US_STATES } from '../../../../shared/catalogue/states';
import { COMPLIANCE_RULE_IDS, DEADLINE_HORIZONS } from '../../../../shared/schemas/compliance';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { ExportButtons, type ExportFormat } from '../../../components/admin/ExportButtons';
import { ListEmpty, ListLoading, ListPager, RetryAlert } from '../../../components/admin/ListParts';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminListPage } from '../../../components/admin/useAdminListPage';
import { type ListParamsCodec, readPage, readQuery, useListParams } from '../../../components/admin/useListParams';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Select';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  type AdminDeadline,
  DEADLINES_KEY,
  DEADLINES_PAGE_SIZE,
  type DeadlineListParams,
  deadlineListQuery,
  downloadDeadlinesCsv,
  setDeadlineDone,
} from './deadlinesApi';

/** The rules that ever fall due (the FinCEN BOI item never does). */
const DUE_RULES = COMPLIANCE_RULE_IDS.filter((id) => id !== 'fincen_boi');
const DEFAULT_DAYS = 60;

const codec: ListParamsCodec<DeadlineListParams> = {
  read: (search) => {
    const days = Number(search.get('days'));
    const state = search.get('state');
    const rule = search.get('rule');
    return {
      page: readPage(search),
      days: (DEADLINE_HORIZONS as readonly number[]).includes(days) ? days : DEFAULT_DAYS,
      state: (US_STATES as readonly string[]).includes(state ?? '') ? state : null,
      rule: (DUE_RULES as readonly string[]).includes(rule ?? '') ? (rule as ComplianceRuleId) : null,
      q: readQuery(search),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('days', String(p.days), String(DEFAULT_DAYS));
    set('state', p.state, null);
    set('rule', p.rule, null);
    set('q', p.q, '');
  },
};

/**
 * Issue 13 "Upcoming deadlines": every customer with a compliance item due in the next N days, filtered
 * by state and rule, searched, exported as CSV, and marked done from the list (audited on the server).
 */
export function AdminDeadlinesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const { page, days, state, rule, q, selectedId, update } = useListParams(codec);
  const list = useQuery(deadlineListQuery({ page, days, state, rule, q }));
  const { data } = list;

  useAdminListPage({
    error: list.error,
    data,
    page,
    selectedId,
    update,
    loadFailedKey: 'compliance.admin.loadFailed',
    rowTestId: 'deadline-row',
  });

  const onSearch = useCallback((value: string) => update({ q: value, page: 1 }, { replace: true }), [update]);
  const exporting = useMutation({
    mutationFn: (format: ExportFormat) => downloadDeadlinesCsv({ days, state, rule, q }, format),
    onSuccess: () => toast.success(t('compliance.admin.exportDone')),
    onError: () => toast.error(t('compliance.admin.exportFailed')),
  });
  const filtered = Boolean(state || rule || q);

  return (
    <>
      <AdminPageHeader
        icon={CalendarClock}
        title={t('compliance.admin.title')}
        subtitle={t('compliance.admin.intro')}
      />
      <ListToolbar
        idPrefix="deadlines"
        ns="compliance.admin.filters"
        q={q}
        refreshing={list.isFetching && !list.isPending}
        onSearch={onSearch}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: DEADLINES_KEY })}
      >
        <SelectField
          id="deadlines-days"
          name="days"
          label={t('compliance.admin.horizon')}
          value={String(days)}
          onChange={(event) => update({ days: Number(event.target.value), page: 1 })}
          className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        >
          {DEADLINE_HORIZONS.map((n) => (
            <option key={n} value={n}>
              {t('compliance.admin.days', { count: n })}
            </option>
          ))}
        </SelectField>
      </ListToolbar>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SelectField
            id="deadlines-state"
            name="state"
            label={t('compliance.admin.state')}
            value={state ?? ''}
            onChange={(event) => update({ state: event.target.value || null, page: 1 })}
            className="min-w-0 sm:w-52"
          >
            <option value="">{t('compliance.admin.allStates')}</option>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="deadlines-rule"
            name="rule"
            label={t('compliance.admin.rule')}
            value={rule ?? ''}
            onChange={(event) => update({ rule: (event.target.value || null) as ComplianceRuleId | null, page: 1 })}
            className="min-w-0 sm:w-72"
          >
            <option value="">{t('compliance.admin.allRules')}</option>
            {DUE_RULES.map((id) => (
              <option key={id} value={id}>
                {t(`compliance.rules.${id}.name`)}
              </option>
            ))}
          </SelectField>
        </div>
        {can('deadlines.export') ? (
          <ExportButtons
            exporting={exporting}
            legend={t('compliance.admin.export')}
            csvLabel={t('compliance.admin.export')}
            excelLabel={t('compliance.admin.exportExcel')}
            csvTestId="deadlines-export-csv"
            excelTestId="deadlines-export-excel"
          />
        ) : null}
      </div>
      <div className="mt-4">
        {list.isError && !data ? (
          <RetryAlert message={t('compliance.admin.loadFailed')} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <ListLoading label={t('compliance.admin.loading')} />
        ) : data ? (
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {data.items.length === 0 ? (
              <ListEmpty
                testId="deadlines-empty"
                message={t(filtered ? 'compliance.admin.emptyFiltered' : 'compliance.admin.empty')}
                clearLabel={t('compliance.admin.filters.clear')}
                onClear={filtered ? () => update({ q: '', state: null, rule: null, page: 1 }) : undefined}
              />
            ) : (
              <ul aria-label={t('compliance.admin.caption')} aria-busy={list.isPlaceholderData}>
                {data.items.map((row) => (
                  <DeadlineRow key={`${row.userId} ${row.itemKey}`} row={row} />
                ))}
              </ul>
            )}
            <ListPager
              idPrefix="deadlines"
              ns="compliance.admin.pager"
              page={page}
              pageSize={DEADLINES_PAGE_SIZE}
              total={data.total}
              totalKind={data.totalKind}
              shown={data.items.length}
              onPage={(next) => update({ page: next })}
            />
          </div>
        ) : null}
      </div>
    </>
  );
}

function DeadlineRow({ row }: { row: AdminDeadline }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const queryClient = useQueryClient();
  const mayMark = useCan()('deadlines.mark');
  const toggle = useMutation({
    mutationFn: (done: boolean) => setDeadlineDone(row, done),
    onSuccess: (_, done) => {
      toast.success(t(done ? 'compliance.admin.marked' : 'compliance.admin.unmarked'));
      void queryClient.invalidateQueries({ queryKey: DEADLINES_KEY });
    },
    onError: () => toast.error(t('compliance.admin.failed')),
  });
  return (
    <li
      data-testid="deadline-row"
      data-id={`${row.userId}:${row.itemKey}`}
      className="flex flex-col gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0 sm:flex-row sm:items-center"
    >
      <div className="sm:w-40 sm:shrink-0">
        <time dateTime={row.dueDate} className="font-semibold text-slate-900">
          {formatCalendarDate(row.dueDate, lang)}
        </time>
        <p className="text-sm text-slate-600">{t('compliance.admin.daysLeft', { count: row.daysLeft })}</p>
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{t(`compliance.rules.${row.ruleId}.name`)}</p>
        <p className="break-words text-sm text-slate-700">
          {row.businessName ? `${row.businessName} · ` : ''}
          {row.state ?? ''}
        </p>
        <p className="break-all text-sm text-slate-600">
          <Link
            to={`/admin/users?id=${encodeURIComponent(row.userId)}`}
            className="text-indigo-700 underline-offset-2 hover:underline"
          >
            {row.customerName ?? row.customerEmail}
          </Link>
          {row.customerName ? ` · ${row.customerEmail}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-2 sm:justify-end">
        {row.done ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('compliance.card.done')}
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-900">
            {t('compliance.admin.open')}
          </span>
        )}
        {mayMark ? (
          <Button
            size="sm"
            variant="secondary"
            loading={toggle.isPending}
            onClick={() => toggle.mutate(!row.done)}
            data-testid="deadline-toggle"
          >
            {row.done ? t('compliance.admin.undo') : t('compliance.admin.markDone')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
