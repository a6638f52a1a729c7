import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SUPPORT_STATUSES, type SupportStatus } from '../../../../shared/features/support/support.domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Select';
import { Spinner } from '../../../components/ui/Spinner';
import { linkClass } from '../../../components/ui/TextLink';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { UploadOptions } from '../../../lib/upload';
import { useTranslation } from '../../../lib/useTranslation';
import {
  ADMIN_SUPPORT_KEY,
  type AdminThread,
  type AdminThreadDetail,
  adminSupportThreadQuery,
  sendAdminSupportReply,
  setAdminSupportStatus,
} from '../api/support';
import { Conversation } from '../components/Conversation';
import { ReplyBox } from '../components/ReplyBox';
import { SupportStatusBadge } from '../components/SupportStatusBadge';

export interface SupportDetailPanelProps {
  id: string;
  /** The row from the list, for the heading while the thread loads. */
  placeholder?: AdminThread;
  focusOnOpen: boolean;
  onClose: () => void;
}

/**
 * One thread for the staff: its status, the customer's formation and EIN status with a link to their
 * user page, the conversation (staff on the right: the admin's own side) and the reply box. Mount it
 * with `key={id}`, so a half-written reply stays with its thread.
 */
export function SupportDetailPanel({ id, placeholder, focusOnOpen, onClose }: SupportDetailPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const detail = useQuery(adminSupportThreadQuery(id));
  const thread = detail.data?.thread ?? placeholder;
  const can = useCan();

  useEffect(() => {
    if (!focusOnOpen) return;
    headingRef.current?.focus({ preventScroll: true });
    if (!window.matchMedia('(min-width: 1024px)').matches) {
      panelRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [focusOnOpen]);

  const status = useMutation({
    mutationFn: (next: SupportStatus) => setAdminSupportStatus(id, next),
    onSuccess: ({ thread: updated }) => {
      queryClient.setQueryData<AdminThreadDetail>(adminSupportThreadQuery(id).queryKey, (old) =>
        old ? { ...old, thread: updated } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ADMIN_SUPPORT_KEY });
      toast.success(t('support.admin.detail.statusUpdated'));
    },
    onError: (error) => failureToast(error, 'support.admin.detail.statusFailed', t),
  });

  async function send(message: string, file: File | null, options: UploadOptions) {
    try {
      await sendAdminSupportReply(id, message, file, options);
    } catch (error) {
      failureToast(error, 'support.admin.detail.replyFailed', t);
      throw error;
    }
    toast.success(t('support.admin.detail.replySent'));
    await queryClient.invalidateQueries({ queryKey: ADMIN_SUPPORT_KEY });
  }

  return (
    <aside
      ref={panelRef}
      id="support-detail"
      data-testid="support-detail"
      data-id={id}
      data-status={thread?.status}
      aria-labelledby="support-detail-title"
      aria-busy={detail.isFetching || undefined}
      className="min-w-0 scroll-mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0 flex-1">
          <h2
            id="support-detail-title"
            ref={headingRef}
            tabIndex={-1}
            className="break-words text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {thread?.subject ?? t('support.admin.detail.title')}
          </h2>
          {thread ? (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <SupportStatusBadge status={thread.status} />
              <span className="min-w-0 break-all text-sm text-slate-600">{thread.userEmail}</span>
              {detail.isFetching ? <Spinner className="size-3.5 text-slate-400" /> : null}
            </div>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onClose}
          aria-label={t('support.admin.detail.close')}
          title={t('support.admin.detail.close')}
          data-testid="support-detail-close"
          className="-mr-2 shrink-0 px-2"
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>

      {detail.data ? (
        <div className="space-y-5 px-5 py-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
            {can('support.status') ? (
              <SelectField
                id="support-status"
                name="status"
                label={t('support.admin.detail.status')}
                value={detail.data.thread.status}
                disabled={status.isPending}
                onChange={(event) => status.mutate(event.target.value as SupportStatus)}
              >
                {SUPPORT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`support.status.${s}`)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <div className="text-sm">
                <p className="font-medium text-slate-700">{t('support.admin.detail.status')}</p>
                <p className="mt-1 text-slate-900" data-testid="support-status-text">
                  {t(`support.status.${detail.data.thread.status}`)}
                </p>
              </div>
            )}
            <section
              aria-label={t('support.admin.detail.customer')}
              className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm"
              data-testid="support-customer"
            >
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-slate-600">{t('support.admin.detail.formationStatus')}</dt>
                <dd className="font-medium text-slate-900">
                  {detail.data.customer.formationStatus
                    ? t(`catalogue.formationStatus.${detail.data.customer.formationStatus}`)
                    : t('support.admin.detail.notStarted')}
                </dd>
                <dt className="text-slate-600">{t('support.admin.detail.einStatus')}</dt>
                <dd className="font-medium text-slate-900">
                  {detail.data.customer.einStatus
                    ? t(`catalogue.einStatus.${detail.data.customer.einStatus}`)
                    : t('support.admin.detail.notStarted')}
                </dd>
              </dl>
              <Link
                to={`/admin/users?id=${encodeURIComponent(detail.data.thread.userId)}`}
                className={`${linkClass} mt-2 inline-flex items-center gap-1.5`}
                data-testid="support-user-link"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {t('support.admin.detail.userPage')}
              </Link>
            </section>
          </div>
          <div>
            <Conversation messages={detail.data.messages} own="staff" customerName={detail.data.thread.userName} />
            {can('support.reply') ? <ReplyBox onSend={send} /> : null}
          </div>
        </div>
      ) : detail.isError ? (
        <div className="p-5">
          <Alert
            tone="error"
            action={
              isApiError(detail.error, 'NOT_FOUND') ? undefined : (
                <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
                  {t('common.retry')}
                </Button>
              )
            }
          >
            {t(isApiError(detail.error, 'NOT_FOUND') ? 'errors.NOT_FOUND' : 'support.admin.detail.loadFailed')}
          </Alert>
        </div>
      ) : (
        <div role="status" className="flex items-center justify-center gap-2 px-5 py-12 text-slate-600">
          <Spinner className="size-5 text-indigo-600" />
          {t('common.loading')}
        </div>
      )}
    </aside>
  );
}
