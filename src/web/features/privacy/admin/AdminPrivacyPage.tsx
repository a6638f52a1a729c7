import { useMutation } from '@tanstack/react-query';
import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCalendarDate, formatDate, todayUtc } from '../../../../shared/format/dates';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../../shared/i18n/languages';
import { AdminListFrame } from '../../../components/admin/AdminListFrame';
import { FilterSelect } from '../../../components/admin/FilterSelect';
import { PagedList } from '../../../components/admin/ListParts';
import { useAdminList } from '../../../components/admin/useAdminListPage';
import { type ListParamsCodec, readPage, useListParams } from '../../../components/admin/useListParams';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { TextField } from '../../../components/ui/Input';
import { TextareaField } from '../../../components/ui/Textarea';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { queryClient } from '../../../lib/queryClient';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';
import {
  approveErasure,
  declineErasure,
  downloadCustomerData,
  ERASURE_STATUSES_SHOWN,
  ERASURES_KEY,
  type ErasureQueueItem,
  erasuresQuery,
  type ShownStatus,
} from './privacyAdminApi';

const isShown = (value: string | null): value is ShownStatus =>
  (ERASURE_STATUSES_SHOWN as readonly string[]).includes(value ?? '');

/** ?status= (the waiting ones unless asked) and ?page=. */
const codec: ListParamsCodec<{ page: number; status: ShownStatus }> = {
  read: (search) => {
    const status = search.get('status');
    return { page: readPage(search), status: isShown(status) ? status : 'pending' };
  },
  write: (p, set) => {
    set('page', String(p.page), '1');
    set('status', p.status, 'pending');
  },
};

/** /admin/privacy (decision 0047): the erasure queue with its legal answer dates, and a customer's copy. */
export function AdminPrivacyPage() {
  const { t } = useTranslation();
  const can = useCan();
  const params = useListParams(codec);
  const { page, status, update } = params;
  const { view } = useAdminList(
    { ...params, q: '' },
    {
      query: erasuresQuery(status, page),
      refreshKey: ERASURES_KEY,
      loadFailedKey: 'privacy.admin.loadFailed',
      // The status picks a queue; no search or filter narrows it.
      filtered: false,
      clearFilters: {},
      rowTestId: 'privacy-request',
    },
  );

  return (
    <>
      <AdminListFrame
        icon={ShieldCheck}
        title={t('privacy.admin.title')}
        subtitle={t('privacy.admin.subtitle')}
        toolbar={
          <FilterSelect
            name="status"
            label={t('privacy.admin.status.label')}
            values={ERASURE_STATUSES_SHOWN}
            labelOf={(v) => t(`privacy.admin.status.${v}`)}
            value={status}
            onChange={(v) => update({ status: v, page: 1 })}
            className="w-full sm:w-64"
            testId="privacy-status-filter"
          />
        }
      >
        <PagedList
          {...view}
          idPrefix="privacy"
          ns="privacy.admin.list"
          filtersNs="privacy.admin.status"
          emptyTestId="privacy-empty"
        >
          {(items) => (
            <ul
              className="divide-y divide-slate-200"
              aria-busy={view.updating || undefined}
              data-testid="privacy-requests"
            >
              {items.map((item) => (
                <RequestRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </PagedList>
      </AdminListFrame>
      {can('privacy.export') ? <CustomerCopy /> : null}
    </>
  );
}

function RequestRow({ item }: { item: ErasureQueueItem }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const moment = (value: string | null) => (value ? formatDate(value, lang) : '');
  const day = (value: string | null) => (value ? formatCalendarDate(value, lang) : '');
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  // Erasing and declining are apart since decision 0068 (erasing asks for a fresh code); the same roles hold both today.
  const mayErase = useCan()('privacy.erase');
  const done = async (key: string) => {
    setConfirming(false);
    toast.success(t(key));
    await queryClient.invalidateQueries({ queryKey: ['admin', 'privacy'] });
  };
  const approve = useMutation({
    mutationFn: () => approveErasure(item.id, answer.trim()),
    onSuccess: () => done('privacy.admin.approved'),
    onError: (error) => {
      setConfirming(false);
      failureToast(error, 'privacy.admin.failed', t);
    },
  });
  const decline = useMutation({
    mutationFn: () => declineErasure(item.id, answer.trim()),
    onSuccess: () => done('privacy.admin.declined'),
    onError: (error) => failureToast(error, 'privacy.admin.failed', t),
  });
  const overdue = item.status === 'pending' && item.dueOn !== null && item.dueOn < todayUtc();
  return (
    <li className="p-4 sm:p-5" data-testid="privacy-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {item.customer ? item.customer.name : t('privacy.admin.erasedCustomer')}
          </p>
          {item.customer ? <p className="break-all text-sm text-slate-600">{item.customer.email}</p> : null}
          <p className="mt-1 break-all font-mono text-xs text-slate-500">{item.userId}</p>
        </div>
        <div className="text-right text-sm">
          {item.confirmedAt ? (
            <p className="text-slate-600">{t('privacy.admin.requested', { date: moment(item.confirmedAt) })}</p>
          ) : null}
          {item.status === 'pending' ? (
            <p
              className={overdue ? 'font-semibold text-red-700' : 'font-medium text-slate-900'}
              data-testid="privacy-due"
            >
              {overdue
                ? t('privacy.admin.overdue', { date: day(item.dueOn) })
                : t('privacy.admin.due', { date: day(item.dueOn) })}
            </p>
          ) : null}
        </div>
      </div>
      {item.paidOrders > 0 ? (
        <p className="mt-2 text-sm text-amber-800">{t('privacy.admin.paidOrders', { count: item.paidOrders })}</p>
      ) : null}
      {item.filesPending > 0 ? (
        <p className="mt-2 text-sm text-amber-800">{t('privacy.admin.filesPending', { count: item.filesPending })}</p>
      ) : null}
      {item.answer ? <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{item.answer}</p> : null}
      {item.status === 'pending' ? (
        <div className="mt-3">
          <TextareaField
            id={`answer-${item.id}`}
            name="answer"
            label={t('privacy.admin.answer')}
            hint={t('privacy.admin.answerHint')}
            rows={2}
            value={answer}
            error={answerError}
            onChange={(e) => {
              setAnswer(e.target.value);
              setAnswerError(undefined);
            }}
            data-testid="privacy-answer"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            {mayErase ? (
              <Button variant="danger" size="sm" onClick={() => setConfirming(true)} data-testid="privacy-approve">
                {t('privacy.admin.approve')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              loading={decline.isPending}
              onClick={() => {
                if (!answer.trim()) setAnswerError(t('privacy.admin.answerRequired'));
                else decline.mutate();
              }}
              data-testid="privacy-decline"
            >
              {t('privacy.admin.decline')}
            </Button>
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('privacy.admin.approveTitle')}
        body={t('privacy.admin.approveBody')}
        confirmLabel={t('privacy.admin.approve')}
        cancelLabel={t('privacy.deletion.cancel')}
        busy={approve.isPending}
        onConfirm={() => approve.mutate()}
        onCancel={() => setConfirming(false)}
        testId="privacy-approve-dialog"
      />
    </li>
  );
}

/** A customer's copy for a request that came by mail: the same ZIP, audited and mailed to the customer. */
function CustomerCopy() {
  const { t } = useTranslation();
  // The id is a path segment, not a body: no schema of the API's to run; a blank one sends nothing.
  const { register, handleSubmit } = useForm<{ userId: string }>({ defaultValues: { userId: '' } });
  const download = useMutation({
    mutationFn: (userId: string) => downloadCustomerData(userId),
    onSuccess: () => toast.success(t('privacy.admin.exportDone')),
    onError: (error) => failureToast(error, 'privacy.admin.exportFailed', t),
  });
  return (
    <section
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="copy-title"
    >
      <h2 id="copy-title" className="text-lg font-semibold text-slate-900">
        {t('privacy.admin.exportTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('privacy.admin.exportBody')}</p>
      <form
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={handleSubmit(({ userId }) => download.mutate(userId.trim()))}
      >
        <div className="sm:w-96">
          <TextField
            id="privacy-export-id"
            label={t('privacy.admin.exportId')}
            data-testid="privacy-export-id"
            {...register('userId', { validate: (value) => value.trim() !== '' })}
          />
        </div>
        <Button type="submit" variant="secondary" loading={download.isPending} data-testid="privacy-export">
          <Download aria-hidden="true" className="size-4" />
          {t('privacy.admin.exportButton')}
        </Button>
      </form>
    </section>
  );
}
