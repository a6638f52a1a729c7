import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import type { AuditRow } from '../../../../shared/features/audit/audit.contracts';
import { AUDIT_ACTIONS, AUDIT_SORTS, isAuditAction } from '../../../../shared/features/audit/audit.domain';
import { DESK_FIRST_QUERY } from '../../../../shared/routes/desk-first-query';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PagedList } from '../../../components/admin/ListParts';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import {
  type ListParamsCodec,
  readPage,
  readQuery,
  readSort,
  useListParams,
} from '../../../components/admin/useListParams';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { ADMIN_AUDIT_KEY, type AuditListParams, auditActorsQuery, auditListQuery, downloadAuditCsv } from './auditApi';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The roles audit rows record (the staff roles, and who acts outside them); others show as written. */
const AUDIT_ROLES = ['owner', 'operations', 'support', 'finance', 'customer', 'admin', 'system', 'operator'];
const day = (value: string | null) => (value && DAY.test(value) ? value : null);

const codec: ListParamsCodec<AuditListParams> = {
  read: (search) => {
    const action = search.get('action') ?? '';
    return {
      page: readPage(search),
      sort: readSort(search, AUDIT_SORTS, DESK_FIRST_QUERY.audit.sort),
      actor: search.get('actor') || null,
      action: isAuditAction(action) ? action : null,
      customer: search.get('customer') || null,
      from: day(search.get('from')),
      to: day(search.get('to')),
      q: readQuery(search),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, DESK_FIRST_QUERY.audit.sort);
    set('actor', p.actor, null);
    set('action', p.action, null);
    set('customer', p.customer, null);
    set('from', p.from, null);
    set('to', p.to, null);
    set('q', p.q, '');
  },
};

/**
 * The audit trail (owner only, decision 0043): who did what to whom, when and from which network;
 * filtered by actor, action, customer and date range, searched, sorted, paged and exported on the server.
 */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const params = useListParams(codec);
  const { page, sort, actor, action, customer, from, to, q, update } = params;
  const filters = { sort, actor, action, customer, from, to, q };
  const { data, view, toolbar } = useAdminList(params, {
    query: auditListQuery({ page, ...filters }),
    refreshKey: ADMIN_AUDIT_KEY,
    loadFailedKey: 'adminAudit.loadFailed',
    filtered: Boolean(actor || action || customer || from || to || q),
    clearFilters: { q: '', actor: null, action: null, customer: null, from: null, to: null },
    rowTestId: 'audit-row',
  });
  const actors = useQuery(auditActorsQuery);
  const can = useCan();
  const customerRow = customer ? data?.items.find((i) => i.customer?.id === customer)?.customer : null;

  return (
    <AdminListFrame
      icon={ScrollText}
      title={t('adminAudit.title')}
      subtitle={t('adminAudit.intro')}
      toolbar={
        <>
          <ListToolbar
            idPrefix="audit"
            ns="adminAudit.filters"
            {...toolbar}
            newest={sort === 'newest'}
            onToggleSort={() => update({ sort: sort === 'newest' ? 'oldest' : 'newest', page: 1 })}
          />
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              id="audit-actor"
              name="actor"
              label={t('adminAudit.actor')}
              value={actor ?? ''}
              onChange={(event) => update({ actor: event.target.value || null, page: 1 })}
            >
              <option value="">{t('adminAudit.allActors')}</option>
              {(actors.data?.actors ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name || a.email}
                </option>
              ))}
            </SelectField>
            <FilterSelect
              id="audit-action"
              name="action"
              label={t('adminAudit.action')}
              value={action}
              values={AUDIT_ACTIONS}
              labelOf={(a) => t(`adminAudit.actions.${a}`)}
              allLabel={t('adminAudit.allActions')}
              onFilter={(value) => update({ action: value, page: 1 })}
              className="min-w-0"
            />
            <TextField
              label={t('adminAudit.from')}
              name="from"
              type="date"
              value={from ?? ''}
              max={to ?? undefined}
              onChange={(event) => update({ from: day(event.target.value), page: 1 })}
            />
            <TextField
              label={t('adminAudit.to')}
              name="to"
              type="date"
              value={to ?? ''}
              min={from ?? undefined}
              onChange={(event) => update({ to: day(event.target.value), page: 1 })}
            />
          </div>
        </>
      }
      controls={
        <>
          {customer ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="audit-customer-filter">
              {t('adminAudit.customerFilter', {
                name: customerRow ? (customerRow.name ?? customerRow.email ?? customer) : customer,
              })}
              <Button variant="ghost" size="sm" onClick={() => update({ customer: null, page: 1 })}>
                {t('adminAudit.clearCustomer')}
              </Button>
            </p>
          ) : (
            <span />
          )}
          {can('audit.export') ? (
            <ListExport ns="adminAudit" idPrefix="audit" download={(format) => downloadAuditCsv(filters, format)} />
          ) : null}
        </>
      }
    >
      <PagedList {...view} idPrefix="audit" ns="adminAudit" pagerNs="adminAudit.pager" filtersNs="adminAudit.filters">
        {(items) => (
          <ul aria-label={t('adminAudit.caption')} aria-busy={view.updating}>
            {items.map((row) => (
              <AuditRowItem key={row.id} row={row} />
            ))}
          </ul>
        )}
      </PagedList>
    </AdminListFrame>
  );
}

/** A before or after value, short: `key: value` pairs of an object, the value itself otherwise. */
function brief(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function AuditRowItem({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const before = brief(row.before);
  const after = brief(row.after);
  const label = isAuditAction(row.action) ? t(`adminAudit.actions.${row.action}`) : row.action;
  const roleLabel = (role: string) => (AUDIT_ROLES.includes(role) ? t(`adminAudit.roles.${role}`) : role);
  return (
    <li
      data-testid="audit-row"
      data-id={row.id}
      data-action={row.action}
      className="grid gap-1 border-b border-slate-100 px-4 py-3 text-sm last:border-b-0 md:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)] md:gap-4"
    >
      <div>
        <time dateTime={row.createdAt} className="font-medium text-slate-900">
          {dateTime(row.createdAt)}
        </time>
        <p className="text-slate-500">
          <span className="sr-only">{t('adminAudit.columns.network')}: </span>
          <span data-testid="audit-network">{row.network ?? t('adminAudit.noNetwork')}</span>
        </p>
      </div>
      <div className="min-w-0">
        <p className="font-semibold text-slate-900" data-testid="audit-action">
          {label}
        </p>
        <p className="break-words text-slate-600">
          <span className="sr-only">{t('adminAudit.columns.actor')}: </span>
          {row.actor ? (row.actor.name ?? row.actor.email ?? row.actor.id) : t('adminAudit.system')}
          {row.actorRole ? <span className="text-slate-500"> · {roleLabel(row.actorRole)}</span> : null}
        </p>
      </div>
      <div className="min-w-0">
        {row.customer ? (
          <p className="break-words">
            <span className="sr-only">{t('adminAudit.columns.customer')}: </span>
            <Link
              to={`/admin/users?id=${encodeURIComponent(row.customer.id)}`}
              className="text-indigo-700 underline-offset-2 hover:underline"
            >
              {row.customer.name ?? row.customer.email ?? row.customer.id}
            </Link>
          </p>
        ) : null}
        {before || after ? (
          <p className="break-words text-slate-600" data-testid="audit-change">
            <span className="sr-only">{t('adminAudit.columns.change')}: </span>
            {before ? <span>{before}</span> : null}
            {before && after ? ' → ' : null}
            {after ? <span className="text-slate-900">{after}</span> : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}
