import { CircleAlert, CircleCheck, Clock, Landmark, X } from 'lucide-react';
import { Link } from 'react-router';
import {
  APPLICATION_OUTCOMES,
  type ApplicationOutcome,
} from '../../../../shared/features/bank-readiness/applications.domain';
import {
  BANK_CATALOGUE,
  PROVIDERS,
  type ProviderId,
} from '../../../../shared/features/bank-readiness/providers.domain';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PagedList } from '../../../components/admin/ListParts';
import { ListToolbar } from '../../../components/admin/ListToolbar';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { type ListParamsCodec, readPage, readQuery, useListParams } from '../../../components/admin/useListParams';
import { Button } from '../../../components/ui/Button';
import { type BadgeStyle, StatusBadge } from '../../../components/ui/StatusBadge';
import { useCan } from '../../../lib/can';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/useTranslation';
import {
  BANK_APPLICATIONS_KEY,
  type BankApplicationParams,
  type BankApplicationRow,
  bankApplicationListQuery,
  downloadBankApplicationsCsv,
} from './bankAdminApi';

/** Each answer's badge: the colour, and an icon that repeats it. */
const OUTCOME_STYLES: Record<ApplicationOutcome, BadgeStyle> = {
  approved: { tone: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', Icon: CircleCheck },
  more_info: { tone: 'bg-amber-50 text-amber-900 ring-amber-600/30', Icon: Clock },
  refused: { tone: 'bg-red-50 text-red-800 ring-red-600/20', Icon: CircleAlert },
};

const codec: ListParamsCodec<BankApplicationParams> = {
  read: (search) => {
    const provider = search.get('provider');
    const outcome = search.get('outcome');
    return {
      page: readPage(search),
      provider: (PROVIDERS as readonly string[]).includes(provider ?? '') ? (provider as ProviderId) : null,
      outcome: (APPLICATION_OUTCOMES as readonly string[]).includes(outcome ?? '')
        ? (outcome as ApplicationOutcome)
        : null,
      reason: search.get('reason')?.trim() || null,
      q: readQuery(search),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('provider', p.provider, null);
    set('outcome', p.outcome, null);
    set('reason', p.reason, null);
    set('q', p.q, '');
  },
};

/**
 * /admin/bank-applications (decision 0091): every answer customers recorded from a bank, newest first,
 * by provider and answer, one refusal reason as the home folds it, or a customer or company searched;
 * exported as CSV. The home's bank figures link here with their filter.
 */
export function AdminBankApplicationsPage() {
  const { t } = useTranslation();
  const params = useListParams(codec);
  const { page, provider, outcome, reason, q, update } = params;
  const { view: list, toolbar } = useAdminList(params, {
    query: bankApplicationListQuery({ page, provider, outcome, reason, q }),
    refreshKey: BANK_APPLICATIONS_KEY,
    loadFailedKey: 'bankReadiness.list.loadFailed',
    filtered: Boolean(provider || outcome || reason || q),
    clearFilters: { q: '', provider: null, outcome: null, reason: null },
    rowTestId: 'bank-application',
  });
  const can = useCan();
  return (
    <AdminListFrame
      icon={Landmark}
      title={t('bankReadiness.list.title')}
      subtitle={t('bankReadiness.list.intro')}
      toolbar={<ListToolbar idPrefix="bank-applications" ns="bankReadiness.list.filters" {...toolbar} />}
      controls={
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
            <FilterSelect
              id="bank-applications-provider"
              name="provider"
              label={t('bankReadiness.list.provider')}
              value={provider}
              values={PROVIDERS}
              labelOf={(p) => BANK_CATALOGUE[p].name}
              allLabel={t('bankReadiness.list.allProviders')}
              onFilter={(value) => update({ provider: value, page: 1 })}
              className="min-w-0 sm:w-56"
            />
            <FilterSelect
              id="bank-applications-outcome"
              name="outcome"
              label={t('bankReadiness.list.outcome')}
              value={outcome}
              values={APPLICATION_OUTCOMES}
              labelOf={(o) => t(`bankReadiness.applications.outcomes.${o}`)}
              allLabel={t('bankReadiness.list.allOutcomes')}
              onFilter={(value) => update({ outcome: value, page: 1 })}
              className="min-w-0 sm:w-56"
            />
            {reason ? (
              <p
                className="flex min-w-0 items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
                data-testid="bank-applications-reason"
              >
                <span className="min-w-0 break-words">{t('bankReadiness.list.reasonFilter', { reason })}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('bankReadiness.list.clearReason')}
                  title={t('bankReadiness.list.clearReason')}
                  onClick={() => update({ reason: null, page: 1 })}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </p>
            ) : null}
          </div>
          {can('bank.export') ? (
            <ListExport
              ns="bankReadiness.list"
              idPrefix="bank-applications"
              download={(format) => downloadBankApplicationsCsv({ provider, outcome, reason, q }, format)}
            />
          ) : null}
        </>
      }
    >
      <PagedList
        {...list}
        idPrefix="bank-applications"
        ns="bankReadiness.list"
        pagerNs="bankReadiness.list.pager"
        filtersNs="bankReadiness.list.filters"
      >
        {(items) => (
          <ul aria-label={t('bankReadiness.list.caption')} aria-busy={list.updating}>
            {items.map((row) => (
              <ApplicationRow key={row.id} row={row} />
            ))}
          </ul>
        )}
      </PagedList>
    </AdminListFrame>
  );
}

function ApplicationRow({ row }: { row: BankApplicationRow }) {
  const { t } = useTranslation();
  const { day } = useFormat();
  return (
    <li
      data-testid="bank-application"
      data-id={row.id}
      className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 last:border-b-0 sm:flex-row sm:items-center"
    >
      <div className="sm:w-44 sm:shrink-0">
        <p className="font-semibold text-slate-900">{BANK_CATALOGUE[row.provider].name}</p>
        <p className="text-sm text-slate-600">{t('bankReadiness.list.decidedOn', { date: day(row.decidedOn) })}</p>
      </div>
      <div className="min-w-0 flex-1">
        {row.businessName ? <p className="break-words font-medium text-slate-900">{row.businessName}</p> : null}
        <p className="break-all text-sm text-slate-600">
          <Link
            to={`/admin/users?id=${encodeURIComponent(row.userId)}`}
            className="text-indigo-700 underline-offset-2 hover:underline"
          >
            {row.customerName ?? row.customerEmail}
          </Link>
          {row.customerName ? ` · ${row.customerEmail}` : ''}
        </p>
        {row.reason ? <p className="break-words text-sm text-slate-700">{row.reason}</p> : null}
      </div>
      <StatusBadge status={row.outcome} style={OUTCOME_STYLES[row.outcome]} className="self-start sm:self-auto">
        {t(`bankReadiness.applications.outcomes.${row.outcome}`)}
      </StatusBadge>
    </li>
  );
}
