import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminFilingRow, AdminFilingView } from '../../../../shared/contracts/filings';
import {
  FILING_LIST_KINDS,
  FILING_SORTS,
  FILING_STATUSES,
  type FilingListKind,
  type FilingStatus,
} from '../../../../shared/domain/filings';
import { formatEinDigits } from '../../../../shared/domain/form-5472';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { DetailPanel, Fact, Facts, Section } from '../../../components/admin/DetailPanel';
import { ListExport } from '../../../components/admin/ExportButtons';
import { FileLink } from '../../../components/admin/FileLink';
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
import { FileField } from '../../../components/ui/FileField';
import { TextField } from '../../../components/ui/Input';
import { SelectField } from '../../../components/ui/Select';
import { linkClass } from '../../../components/ui/TextLink';
import { useCan } from '../../../lib/can';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import { FilingStages } from '../components/FilingStages';
import {
  ADMIN_FILINGS_KEY,
  adminFilingQuery,
  downloadFilingsCsv,
  type FilingListParams,
  filingListQuery,
  markFilingDone,
  markFilingSubmitted,
  prepareFiling,
  recordFilingExtension,
} from './filingsAdminApi';
import { Irs5472SendTo } from './Irs5472SendTo';

const isKind = (v: string): v is FilingListKind => (FILING_LIST_KINDS as readonly string[]).includes(v);
const isStatus = (v: string): v is FilingStatus => (FILING_STATUSES as readonly string[]).includes(v);

const codec: ListParamsCodec<FilingListParams> = {
  read: (search) => {
    const year = Number(search.get('year'));
    const kind = search.get('kind') ?? '';
    const status = search.get('status') ?? '';
    return {
      page: readPage(search),
      sort: readSort(search, FILING_SORTS),
      year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
      kind: isKind(kind) ? kind : null,
      status: isStatus(status) ? status : null,
      q: readQuery(search),
    };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('sort', p.sort, 'waiting');
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

function FilingDetail({ id, focusOnOpen, onClose }: { id: string; focusOnOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(adminFilingQuery(id));
  const filing = query.data?.filing;
  return (
    <DetailPanel
      idPrefix="filings"
      title={t('adminFilings.detail.title')}
      meta={
        filing ? <span className="text-sm text-slate-600">{t(`adminFilings.statuses.${filing.status}`)}</span> : null
      }
      closeLabel={t('adminFilings.detail.close')}
      focusOnOpen={focusOnOpen}
      onClose={onClose}
      ready={Boolean(filing)}
      fetching={query.isFetching}
      error={query.error}
      loadFailedKey="adminFilings.loadFailed"
      onRetry={() => void query.refetch()}
      data={{ 'data-status': filing?.status }}
    >
      {filing ? <FilingDetailBody filing={filing} /> : null}
    </DetailPanel>
  );
}

function FilingDetailBody({ filing }: { filing: AdminFilingView }) {
  const { t } = useTranslation();
  const { day } = useFormat();
  const can = useCan();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [extensionOn, setExtensionOn] = useState('');
  const [method, setMethod] = useState<'fax' | 'mail'>('fax');
  const [filedOn, setFiledOn] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const mayPrepare = can('filings.prepare');
  const answers = filing.answers as {
    company?: Record<string, unknown>;
    owner?: Record<string, unknown>;
    transactions?: { none?: boolean | null };
  } | null;

  async function act(run: () => Promise<{ filing: AdminFilingView }>, doneKey: string, vars = {}) {
    setBusy(true);
    try {
      const result = await run();
      queryClient.setQueryData(adminFilingQuery(filing.id).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_FILINGS_KEY, 'list'] });
      toast.success(t(doneKey, { date: day(result.filing.dueDate), ...vars }));
    } catch (err) {
      toast.error(t('adminFilings.detail.failed', { message: errorMessage(err, 'adminFilings.loadFailed', t) }));
    } finally {
      setBusy(false);
    }
  }

  const templates = filing.templates;
  const templateNote =
    templates.f5472.ready && templates.f1120.ready
      ? t('adminFilings.detail.templatesReady')
      : templates.f5472.reason === 'notConfigured' && templates.f1120.reason === 'notConfigured'
        ? t('adminFilings.detail.templatesNone')
        : t('adminFilings.detail.templatesBroken', {
            reason: (templates.f5472.ready ? templates.f1120.reason : templates.f5472.reason) ?? '',
          });
  const files = (['form5472', 'form1120', 'dataSheet', 'signed', 'confirmation'] as const).flatMap((key) =>
    filing.files[key] ? [{ key, ...filing.files[key] }] : [],
  );

  return (
    <div className="space-y-5 p-4" data-testid="filing-detail-body">
      <Facts>
        <Fact label={t('adminFilings.detail.customer')}>
          <Link to={`/admin/users?id=${encodeURIComponent(filing.customer.id)}`} className={linkClass}>
            {filing.customer.name ?? filing.customer.email}
          </Link>
        </Fact>
        <Fact label={t('adminFilings.year')}>{filing.taxYear}</Fact>
        <Fact label={t('adminFilings.csv.dueDate')}>{day(filing.dueDate)}</Fact>
      </Facts>

      <Section title={t('filings.stagesTitle')}>
        <FilingStages filing={filing} />
      </Section>

      {filing.kind === 'form_5472' ? (
        <Section title={t('adminFilings.detail.answers')}>
          {answers && !filing.answersEditable ? (
            <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3" data-testid="filing-answers">
              {[
                ['name', answers.company?.name],
                ['ein', formatEinDigits(String(answers.company?.ein ?? ''))],
                ['activityCode', answers.company?.activityCode],
                ['ownerName', answers.owner?.name],
                ['citizenship', answers.owner?.citizenship],
                ['foreignTaxId', filing.foreignTaxIdLast4 ? `•••${filing.foreignTaxIdLast4}` : null],
              ].map(([key, value]) => (
                <div key={String(key)} className="contents">
                  <dt className="text-slate-600">{t(`filings.form.fields.${key}`)}</dt>
                  <dd className="break-words text-slate-900">{String(value ?? '—')}</dd>
                </div>
              ))}
              {answers.transactions?.none ? (
                <dd className="sm:col-span-2">{t('adminFilings.detail.noTransactions')}</dd>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-slate-600">{t('adminFilings.detail.noAnswers')}</p>
          )}
        </Section>
      ) : null}

      {files.length ? (
        <Section title={t('filings.files.title')}>
          <ul className="space-y-1 text-sm">
            {files.map((f) => (
              <li key={f.key}>
                <FileLink
                  href={f.url}
                  fileName={f.fileName}
                  stepUp={f.holdsTaxId}
                  className={linkClass}
                  data-testid={`admin-filing-file-${f.key}`}
                >
                  {t(`filings.files.${f.key}`)}
                </FileLink>{' '}
                <span className="text-slate-500">{f.fileName}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {filing.supportThreadId ? (
        <Link to={`/admin/support?id=${filing.supportThreadId}`} className={linkClass}>
          {t('adminFilings.detail.thread')}
        </Link>
      ) : null}

      {mayPrepare && filing.kind === 'form_5472' ? (
        <div className="space-y-5">
          {filing.status === 'answered' || filing.status === 'prepared' ? (
            <Section title={t('adminFilings.detail.templates')}>
              <p className="text-sm text-slate-700" data-testid="filing-template-note">
                {templateNote}
              </p>
              <Button
                className="mt-2"
                data-testid="filing-prepare"
                disabled={busy}
                onClick={() => void act(() => prepareFiling(filing.id), 'adminFilings.detail.prepared')}
              >
                {filing.status === 'prepared'
                  ? t('adminFilings.detail.prepareAgain')
                  : t('adminFilings.detail.prepare')}
              </Button>
            </Section>
          ) : null}

          {filing.status === 'signed' ? (
            <Section title={t('adminFilings.detail.submitTitle')}>
              {filing.sendTo ? <Irs5472SendTo sendTo={filing.sendTo} /> : null}
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  id="filing-method"
                  name="method"
                  label={t('adminFilings.detail.method')}
                  value={method}
                  onChange={(e) => setMethod(e.target.value === 'mail' ? 'mail' : 'fax')}
                >
                  <option value="fax">{t('adminFilings.detail.methods.fax')}</option>
                  <option value="mail">{t('adminFilings.detail.methods.mail')}</option>
                </SelectField>
                <TextField
                  name="filedOn"
                  id="filing-filed-on"
                  type="date"
                  label={t('adminFilings.detail.filedOn')}
                  value={filedOn}
                  onChange={(e) => setFiledOn(e.target.value)}
                />
                <div className="sm:col-span-2">
                  <TextField
                    name="confirmationNumber"
                    id="filing-confirmation-number"
                    label={t('adminFilings.detail.confirmationNumber')}
                    value={confirmation}
                    onChange={(e) => setConfirmation(e.target.value)}
                  />
                </div>
                <div className="sm:col-span-2">
                  <FileField
                    name="file"
                    id="filing-confirmation-file"
                    label={t('adminFilings.detail.confirmationFile')}
                    kinds={['pdf', 'jpeg', 'png']}
                    file={file}
                    onChange={setFile}
                    messages={{ wrongType: 'errors.FILE_TYPE_NOT_ALLOWED', tooLarge: 'errors.FILE_SIZE_LIMIT' }}
                    disabled={busy}
                  />
                </div>
              </div>
              <Button
                className="mt-3"
                data-testid="filing-mark-submitted"
                disabled={busy || !file || !filedOn}
                onClick={() =>
                  file
                    ? void act(
                        () =>
                          markFilingSubmitted(filing.id, { method, filedOn, confirmationNumber: confirmation }, file),
                        'adminFilings.detail.submitted',
                      )
                    : undefined
                }
              >
                {t('adminFilings.detail.markSubmitted')}
              </Button>
            </Section>
          ) : null}

          {filing.status === 'submitted' ? (
            <Button
              variant="secondary"
              disabled={busy}
              data-testid="filing-mark-done"
              onClick={() => void act(() => markFilingDone(filing.id), 'adminFilings.detail.done')}
            >
              {t('adminFilings.detail.markDone')}
            </Button>
          ) : null}

          {!filing.extendedOn && filing.status !== 'submitted' && filing.status !== 'done' ? (
            <Section title={t('adminFilings.kinds.form_7004')}>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <TextField
                  name="extensionOn"
                  id="filing-extension-on"
                  type="date"
                  label={t('adminFilings.detail.extension')}
                  value={extensionOn}
                  onChange={(e) => setExtensionOn(e.target.value)}
                />
                <Button
                  variant="secondary"
                  disabled={busy || !extensionOn}
                  onClick={() =>
                    void act(() => recordFilingExtension(filing.id, extensionOn), 'adminFilings.detail.extended')
                  }
                >
                  {t('adminFilings.detail.recordExtension')}
                </Button>
              </div>
            </Section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
