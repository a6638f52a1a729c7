import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LifeBuoy, MessagesSquare, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { SUPPORT_FINISHED_STATUSES } from '../../../../shared/features/support/support.domain';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { PageWrapper } from '../../../components/ui/PageWrapper';
import { Spinner } from '../../../components/ui/Spinner';
import { TextareaField } from '../../../components/ui/Textarea';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { isApiError } from '../../../lib/api';
import { failureToast } from '../../../lib/errors';
import { applyFieldErrors } from '../../../lib/form';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import { toast } from '../../../lib/toast';
import type { UploadOptions } from '../../../lib/upload';
import { useTranslation } from '../../../lib/useTranslation';
import {
  createSupportThread,
  SUPPORT_KEY,
  sendSupportReply,
  supportThreadQuery,
  supportThreadsQuery,
  supportUnreadQuery,
} from '../api/support';
import { AttachButton } from '../components/AttachButton';
import { Conversation } from '../components/Conversation';
import { ReplyBox } from '../components/ReplyBox';
import { SupportStatusBadge } from '../components/SupportStatusBadge';
import { ThreadPicker } from '../components/ThreadPicker';
import type { NewThreadFormOutput, NewThreadFormValues } from '../lib/supportForms';

const newThreadResolver = lazyZodResolver(() => import('../lib/supportForms').then((m) => m.newThreadFormSchema));

/**
 * product.md#customer-support "Customer support": a new request, the customer's own threads and the open one's messages.
 * The open thread is `?thread=<id>`, where the reply mail links.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('thread') || null;
  const threads = useQuery(supportThreadsQuery);
  const loadFailed = threads.isError && threads.data === undefined;
  // Set when the user picks a thread (not when the mail's link opens one): scroll it into view on phones.
  const picked = useRef(false);
  const viewRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!loadFailed) return;
    if (isApiError(threads.error, 'UNAUTHENTICATED')) {
      toast.error(t('common.signInRequired'));
      navigate('/signin', { replace: true });
    } else {
      toast.error(t('support.threads.loadFailed'), { id: 'support-threads-failed' });
    }
  }, [loadFailed, threads.error, navigate, t]);

  function select(id: string | null, options: { replace?: boolean } = {}) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        // A prefill is used once: the new thread's address should not refill the form.
        next.delete('subject');
        next.delete('body');
        if (id) next.set('thread', id);
        else next.delete('thread');
        return next;
      },
      { replace: options.replace, preventScrollReset: true },
    );
  }

  useEffect(() => {
    if (!selectedId || !picked.current) return;
    picked.current = false;
    if (!window.matchMedia('(min-width: 768px)').matches) {
      viewRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [selectedId]);

  return (
    <PageWrapper icon={LifeBuoy} title={t('support.title')} subtitle={t('support.subtitle')}>
      <NewThreadForm
        onCreated={(id) => {
          picked.current = true;
          select(id);
        }}
      />
      <div className="mt-8 border-t border-slate-200 pt-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('support.threads.title')}</h2>
        {threads.data ? (
          threads.data.length === 0 ? (
            <p className="mt-3 flex items-center gap-2 text-slate-700" data-testid="support-empty">
              <MessagesSquare aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              {t('support.threads.empty')}
            </p>
          ) : (
            <div className="mt-4 grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
              <ThreadPicker
                labels={{
                  list: t('support.threads.title'),
                  lastMessage: t('support.threads.lastMessage'),
                  selected: t('support.threads.selected'),
                }}
                className="max-h-80 md:max-h-[640px]"
                testId="support-threads"
                itemTestId="support-thread"
                badge={(thread) => <UnreadBadge count={thread.unreadCount} />}
                threads={threads.data}
                selectedId={selectedId}
                onSelect={(id) => {
                  picked.current = true;
                  select(id);
                }}
              />
              <section ref={viewRef} aria-label={t('support.conversation.label')} className="min-w-0 scroll-mt-4">
                {selectedId ? (
                  <ThreadView key={selectedId} id={selectedId} />
                ) : (
                  <p className="flex h-full min-h-32 items-center justify-center rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                    {t('support.threads.selectPrompt')}
                  </p>
                )}
              </section>
            </div>
          )
        ) : loadFailed ? (
          <Alert
            tone="error"
            className="mt-4"
            action={
              <Button variant="secondary" size="sm" onClick={() => void threads.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('support.threads.loadFailed')}
          </Alert>
        ) : (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
            <Spinner className="size-5 text-indigo-600" />
            {t('support.threads.loading')}
          </div>
        )}
      </div>
    </PageWrapper>
  );
}

function NewThreadForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // ?subject=&body= prefill the request (the dashboard's "taking longer than usual" link, decision 0016).
  const [searchParams] = useSearchParams();
  const [percent, setPercent] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<NewThreadFormValues, unknown, NewThreadFormOutput>({
    resolver: useLazyResolver(newThreadResolver),
    defaultValues: { subject: searchParams.get('subject') ?? '', message: searchParams.get('body') ?? '', file: null },
  });
  const file = watch('file');
  const create = useMutation({
    mutationFn: (values: NewThreadFormOutput) =>
      createSupportThread(values.subject, values.message ?? '', values.file ?? null, {
        onProgress: (p) => setPercent(p.percent),
      }),
    onSettled: () => setPercent(null),
    onSuccess: (result) => {
      toast.success(t('support.create.success'));
      reset({ subject: '', message: '', file: null });
      queryClient.setQueryData(supportThreadQuery(result.thread.id).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
      onCreated(result.thread.id);
    },
    onError: (error) => {
      if (isApiError(error, 'VALIDATION_FAILED')) applyFieldErrors(setError, error.fields, ['subject', 'message']);
      failureToast(error, 'support.create.failed', t);
    },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => create.mutate(values))}
      aria-labelledby="support-new-title"
      data-testid="support-new"
    >
      <h2 id="support-new-title" className="text-lg font-semibold text-slate-900">
        {t('support.create.title')}
      </h2>
      <div className="mt-4 space-y-4">
        <TextField
          id="subject"
          label={t('support.create.subject')}
          placeholder={t('support.create.subjectPlaceholder')}
          maxLength={200}
          autoComplete="off"
          error={errors.subject?.message}
          {...register('subject')}
        />
        <TextareaField
          id="support-new-message"
          label={t('support.create.message')}
          rows={3}
          maxLength={10000}
          error={errors.message?.message}
          {...register('message')}
        />
        {create.isPending && file ? (
          <UploadProgress percent={percent ?? 0} testId="support-new-upload-progress" />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <AttachButton
                name="newFile"
                file={field.value ?? null}
                onChange={field.onChange}
                disabled={create.isPending}
              />
            )}
          />
          <Button type="submit" loading={create.isPending} data-testid="support-create" className="ml-auto">
            <Plus aria-hidden="true" className="size-4" />
            {t('support.create.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function ThreadView({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const thread = useQuery(supportThreadQuery(id));
  // Opening a thread marks it read on the server; the list's counts and the badge follow.
  const loadedAt = thread.dataUpdatedAt;
  useEffect(() => {
    if (!loadedAt) return;
    void queryClient.invalidateQueries({ queryKey: supportThreadsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: supportUnreadQuery.queryKey });
  }, [loadedAt, queryClient]);

  async function send(message: string, file: File | null, options: UploadOptions) {
    try {
      await sendSupportReply(id, message, file, options);
    } catch (error) {
      failureToast(error, 'support.reply.failed', t);
      throw error;
    }
    toast.success(t('support.reply.sent'));
    await queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
  }

  if (!thread.data) {
    if (thread.isError) {
      const missing = isApiError(thread.error, 'NOT_FOUND');
      return (
        <Alert
          tone="error"
          action={
            missing ? undefined : (
              <Button variant="secondary" size="sm" onClick={() => void thread.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {t(missing ? 'support.conversation.notFound' : 'support.conversation.loadFailed')}
        </Alert>
      );
    }
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
        <Spinner className="size-5 text-indigo-600" />
        {t('common.loading')}
      </div>
    );
  }

  const { thread: info, messages } = thread.data;
  return (
    <div data-testid="support-thread-view" data-id={info.id} data-status={info.status}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-base font-semibold text-slate-900">{info.subject}</h3>
        <SupportStatusBadge status={info.status} />
      </div>
      <Conversation messages={messages} own="customer" />
      <ReplyBox
        onSend={send}
        hint={SUPPORT_FINISHED_STATUSES.includes(info.status) ? t('support.conversation.reopenHint') : undefined}
      />
    </div>
  );
}

function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      data-testid="support-unread"
      className="mt-0.5 inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('support.threads.unread', { count })}</span>
    </span>
  );
}
