import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ComplianceRuleId } from '../../../../shared/catalogue/compliance';
import { COMPLIANCE_RULE_IDS, EVENT_RULE_IDS, findComplianceRule } from '../../../../shared/catalogue/compliance';
import { US_STATES } from '../../../../shared/catalogue/states';
import { DEADLINE_HORIZONS } from '../../../../shared/domain/admin-lists';
import { stateItemAct } from '../../../../shared/domain/state-item-act';
import { isStateFilable } from '../../../../shared/features/filings/filings.domain';
import { formatCalendarDateLong } from '../../../../shared/format/dates';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PagedList } from '../../../components/admin/ListParts';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { type ListParamsCodec, readPage, readQuery, useListParams } from '../../../components/admin/useListParams';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { SelectField } from '../../../components/ui/Select';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { StateFiledDialogLazy } from '../../filings';
import { agentRenewalText } from '../../renewals';
import {
  type AdminDeadline,
  DEADLINES_KEY,
  type DeadlineListParams,
  deadlineListQuery,
  downloadDeadlinesCsv,
  setDeadlineDone,
} from './deadlinesApi';
import { FactWatchNotes } from './FactWatchNotes';

/** The rules that ever fall due (the FinCEN BOI item never does), Form 8822-B among them (decision 0100). */
const DUE_RULES = COMPLIANCE_RULE_IDS.filter((id) => id !== 'fincen_boi');
/** The horizon the desk opens on, as its first page in the HTML was asked. */
const DEFAULT_DAYS: number = DESK_FIRST_QUERY.deadlines.days;
/** The horizon select's last choice: what passed unmarked instead of what comes (decision 0064). */
const OVERDUE = 'overdue';

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
      overdue: search.get('overdue') === '1',
      open: search.get('open') === '1',
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('days', String(p.days), String(DEFAULT_DAYS));
    set('state', p.state, null);
    set('rule', p.rule, null);
    set('q', p.q, '');
    set('overdue', p.overdue ? '1' : null, null);
    set('open', p.open ? '1' : null, null);
  },
};

/**
 * Decision 0020 "Upcoming deadlines": every customer with a compliance item due in the next N days, filtered
 * by state and rule, searched, exported as CSV, and marked done from the list (audited on the server).
 */
export function AdminDeadlinesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const params = useListParams(codec);
  const { page, days, state, rule, q, overdue, open, update } = params;
  const filtered = Boolean(state || rule || q || open);
  const { view, toolbar } = useAdminList(params, {
    query: deadlineListQuery({ page, days, state, rule, q, overdue, open }),
    refreshKey: DEADLINES_KEY,
    loadFailedKey: 'compliance.admin.loadFailed',
    filtered,
    clearFilters: { q: '', state: null, rule: null, open: false },
    rowTestId: 'deadline-row',
  });

  return (
    <AdminListFrame
      icon={CalendarClock}
      title={t('compliance.admin.title')}
      subtitle={t('compliance.admin.intro')}
      toolbar={
        <ListToolbar idPrefix="deadlines" ns="compliance.admin.filters" {...toolbar}>
          <SelectField
            id="deadlines-days"
            name="days"
            label={t('compliance.admin.horizon')}
            value={overdue ? OVERDUE : String(days)}
            onChange={(event) =>
              event.target.value === OVERDUE
                ? update({ overdue: true, page: 1 })
                : update({ days: Number(event.target.value), overdue: false, page: 1 })
            }
            className="min-w-0 flex-1 sm:w-56 sm:flex-none"
          >
            {DEADLINE_HORIZONS.map((n) => (
              <option key={n} value={n}>
                {t('compliance.admin.days', { count: n })}
              </option>
            ))}
            <option value={OVERDUE}>{t('compliance.admin.overdueOption')}</option>
          </SelectField>
        </ListToolbar>
      }
      controls={
        <>
          <FactWatchNotes notes={view.data?.watchNotes} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <FilterSelect
              id="deadlines-state"
              name="state"
              label={t('compliance.admin.state')}
              value={state}
              values={US_STATES}
              labelOf={(s) => s}
              allLabel={t('compliance.admin.allStates')}
              onFilter={(value) => update({ state: value, page: 1 })}
              className="min-w-0 sm:w-52"
            />
            <FilterSelect
              id="deadlines-rule"
              name="rule"
              label={t('compliance.admin.rule')}
              value={rule}
              values={DUE_RULES}
              labelOf={(id) => t(`compliance.rules.${id}.name`)}
              allLabel={t('compliance.admin.allRules')}
              onFilter={(value) => update({ rule: value, page: 1 })}
              className="min-w-0 sm:w-72"
            />
            <Checkbox
              id="deadlines-open"
              name="open"
              label={t('compliance.admin.openOnly')}
              checked={open}
              onChange={(event) => update({ open: event.target.checked, page: 1 })}
              className="sm:self-end sm:pb-2.5"
            />
          </div>
          {can('deadlines.export') ? (
            <ListExport
              ns="compliance.admin"
              idPrefix="deadlines"
              download={(format) => downloadDeadlinesCsv({ days, state, rule, q, overdue, open }, format)}
            />
          ) : null}
        </>
      }
    >
      <PagedList
        {...view}
        idPrefix="deadlines"
        ns="compliance.admin"
        pagerNs="compliance.admin.pager"
        filtersNs="compliance.admin.filters"
      >
        {(items) => (
          <ul aria-label={t('compliance.admin.caption')} aria-busy={view.updating}>
            {items.map((row) => (
              <DeadlineRow key={`${row.userId} ${row.itemKey}`} row={row} />
            ))}
          </ul>
        )}
      </PagedList>
    </AdminListFrame>
  );
}

function DeadlineRow({ row }: { row: AdminDeadline }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const queryClient = useQueryClient();
  const can = useCan();
  const mayMark = can('deadlines.mark');
  // A state item staff file themselves, with the state's confirmation and receipt (decision 0052).
  const mayFile = can('filings.prepare') && isStateFilable(row.ruleId) && !row.filedOn;
  const [filing, setFiling] = useState(false);
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
          {formatCalendarDateLong(row.dueDate, lang)}
        </time>
        <p className={row.daysLeft < 0 ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>
          {row.daysLeft < 0
            ? t('compliance.admin.daysOverdue', { count: -row.daysLeft })
            : t('compliance.admin.daysLeft', { count: row.daysLeft })}
        </p>
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{t(`compliance.rules.${row.ruleId}.name`)}</p>
        {EVENT_RULE_IDS.includes(row.ruleId) ? (
          // The date is ours, after the customer's change: staff answering the customer say where it comes from.
          <p className="text-sm text-slate-600" data-testid="deadline-event-note">
            {t(`compliance.admin.events.${row.ruleId}.note`)}{' '}
            <a
              href={findComplianceRule(row.ruleId).source}
              target="_blank"
              rel="noreferrer"
              className="text-indigo-700 underline underline-offset-2"
            >
              {t(`compliance.admin.events.${row.ruleId}.source`)}
            </a>
          </p>
        ) : null}
        {row.renewal ? (
          <p className="text-sm font-medium text-slate-900" data-testid="deadline-renewal-status">
            {agentRenewalText(row.renewal, t, (d) => formatCalendarDateLong(d, lang))}
          </p>
        ) : null}
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
        {row.filedOn ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-medium text-emerald-800"
            data-testid="deadline-filed"
          >
            <CircleCheck aria-hidden="true" className="size-4" />
            {t(stateItemAct(row.ruleId) === 'paid' ? 'compliance.card.paidOn' : 'compliance.card.filedOn', {
              date: formatCalendarDateLong(row.filedOn, lang),
            })}
          </span>
        ) : row.done ? (
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
        {mayFile ? (
          <Button size="sm" onClick={() => setFiling(true)} data-testid="deadline-mark-filed">
            {t(stateItemAct(row.ruleId) === 'paid' ? 'compliance.admin.paid.markFiled' : 'compliance.admin.markFiled')}
          </Button>
        ) : null}
        {filing ? (
          // Mounted only while open: one dialog on the page, and a fresh form each time.
          <StateFiledDialogLazy
            item={{
              userId: row.userId,
              itemKey: row.itemKey,
              name: t(`compliance.rules.${row.ruleId}.name`),
              ruleId: row.ruleId,
              customer: row.businessName ?? row.customerName ?? row.customerEmail,
            }}
            onClose={() => setFiling(false)}
            onFiled={() => void queryClient.invalidateQueries({ queryKey: DEADLINES_KEY })}
          />
        ) : null}
      </div>
    </li>
  );
}
