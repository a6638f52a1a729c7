import { Landmark } from 'lucide-react';
import { lazy } from 'react';
import type { AdminFilingRow } from '../../../../shared/features/filings/filings.contracts';
import {
  FILING_LIST_KINDS,
  FILING_SORTS,
  FILING_STATUSES,
  type FilingListKind,
  type FilingStatus,
} from '../../../../shared/features/filings/filings.domain';
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
import { SelectField } from '../../../components/ui/Select';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import { ADMIN_FILINGS_KEY, downloadFilingsCsv, type FilingListParams, filingListQuery } from './filingsAdminApi';

// A row's panel, its code (the desk's actions, the receipt upload) loaded when a row is opened; the list frame
// holds its Suspense boundary (decision 0060).
const FilingDetail = lazy(() => import('./FilingDetail').then((m) => ({ default: m.FilingDetail })));

const isKind = (v: string): v is FilingListKind => (FILING_LIST_KINDS as readonly string[]).includes(v);
const isStatus = (v: string): v is FilingStatus => (FILING_STATUSES as readonly string[]).includes(v);

const codec: ListParamsCodec<FilingListParams> = {
  read: (search) => {
    const year = Number(search.get('year'));
    const kind = search.get('kind') ?? '';
    const status = search.get('status') ?? '';
    return {
      page: readPage(search),
      sort: readSort(search, FILING_SORTS, DESK_FIRST_QUERY.filings.sort),
      year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
      kind: isKind(kind) ? kind : null,
      status: isStatus(status) ? status : null,
      q: readQuery(search),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, DESK_FIRST_QUERY.filings.sort);
    set('year', p.year ? String(p.year) : null, null);
    set('kind', p.kind, null);
    set('status', p.status, null);
    set('q', p.q, '');
  },
};

/**
 * /admin/filings (decision 0051): every tracked filing, waiting longest first, filtered by year, kind
 * and status, searched, paged and exported on the server; a filing opens beside the list with its
 * stages and the desk's actions.
 */
export function AdminFilingsPage() {
  const { t } = useTranslation();
  const params = useListParams(codec);
  const { page, sort, year, kind, status, q, update } = params;
  const filters = { sort, year, kind, status, q };
  const { view, toolbar, detail, select } = useAdminList(params, {
    query: filingListQuery({ page, ...filters }),
    refreshKey: ADMIN_FILINGS_KEY,
    loadFailedKey: 'adminFilings.loadFailed',
    filtered: Boolean(year || kind || status || q),
    clearFilters: { q: '', year: null, kind: null, status: null },
    rowTestId: 'filing-row',
  });
  const currentYear = new Date().getUTCFullYear();
  const years = Array.from({ length: 6 }, (_, i) => currentYear - i);

  return (
    <AdminListFrame
      icon={Landmark}
      title={t('adminFilings.title')}
      subtitle={t('adminFilings.intro')}
      toolbar={
        <>
          <ListToolbar
            idPrefix="filings"
            ns="adminFilings.filters"
            {...toolbar}
            newest={sort === 'newest'}
            onToggleSort={() => update({ sort: sort === 'newest' ? 'waiting' : 'newest', page: 1 })}
          />
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <SelectField
              id="filings-year"
              name="year"
              label={t('adminFilings.year')}
              value={year ?? ''}
              onChange={(e) => update({ year: e.target.value ? Number(e.target.value) : null, page: 1 })}
            >
              <option value="">{t('adminFilings.allYears')}</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </SelectField>
            <FilterSelect
              id="filings-kind"
              name="kind"
              label={t('adminFilings.kind')}
              value={kind}
              values={FILING_LIST_KINDS}
              labelOf={(k) => t(`adminFilings.kinds.${k}`)}
              allLabel={t('adminFilings.allKinds')}
              onFilter={(value) => update({ kind: value, page: 1 })}
              className="min-w-0"
            />
            <FilterSelect
              id="filings-status"
              name="status"
              label={t('adminFilings.status')}
              value={status}
              values={FILING_STATUSES}
              labelOf={(s) => t(`adminFilings.statuses.${s}`)}
              allLabel={t('adminFilings.allStatuses')}
              onFilter={(value) => update({ status: value, page: 1 })}
              className="min-w-0"
            />
          </div>
        </>
      }
      controls={
        <>
          <span />
          <ListExport ns="adminFilings" idPrefix="filings" download={(format) => downloadFilingsCsv(filters, format)} />
        </>
      }
      panelWidth="wide"
      panel={detail ? <FilingDetail id={detail.id} focusOnOpen={detail.focusOnOpen} onClose={detail.onClose} /> : null}
    >
      <PagedList
        {...view}
        idPrefix="filings"
        ns="adminFilings"
        pagerNs="adminFilings.pager"
        filtersNs="adminFilings.filters"
      >
        {(items) => (
          <ul aria-label={t('adminFilings.caption')} aria-busy={view.updating}>
            {items.map((row) => (
              <FilingRowItem
                key={row.id}
                row={row}
                selected={row.id === view.selectedId}
                onOpen={() => select(row.id)}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </AdminListFrame>
  );
}

function kindLabel(row: { kind: AdminFilingRow['kind']; ruleId: string; extended: boolean }, t: (k: string) => string) {
  if (row.kind === 'state_report') return t(`compliance.rules.${row.ruleId}.name`);
  return t(row.extended ? 'adminFilings.kinds.form_5472_extended' : 'adminFilings.kinds.form_5472');
}

function FilingRowItem({ row, selected, onOpen }: { row: AdminFilingRow; selected: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const { date, day } = useFormat();
  return (
    <li
      className="border-b border-slate-100 last:border-b-0"
      data-testid="filing-row"
      data-id={row.id}
      data-status={row.status}
    >
      <button
        type="button"
        aria-controls="filings-detail"
        aria-current={selected || undefined}
        onClick={onOpen}
        className={`grid w-full gap-1 px-4 py-3 text-left text-sm hover:bg-slate-50 ${selected ? 'bg-indigo-50' : ''}`}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">
            {row.taxYear} · {kindLabel(row, t)}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {t(`adminFilings.statuses.${row.status}`)}
          </span>
        </span>
        <span className="break-words text-slate-700">{row.customer.name ?? row.customer.email}</span>
        <span className="text-slate-500">
          {t('adminFilings.waitingSince', { date: date(row.statusSince) })} ·{' '}
          {t('adminFilings.due', { date: day(row.dueDate) })}
        </span>
      </button>
    </li>
  );
}
