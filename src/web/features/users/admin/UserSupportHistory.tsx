import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminSupportThreadCreateSchema } from '../../../../shared/features/support/support.schemas';
import { Section } from '../../../components/admin/DetailPanel';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { TextareaField } from '../../../components/ui/Textarea';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { isApiError } from '../../../lib/api';
import { useCan } from '../../../lib/can';
import { failureToast } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { UploadOptions } from '../../../lib/upload';
import { useTranslation } from '../../../lib/useTranslation';
import {
  ADMIN_SUPPORT_KEY,
  AttachButton,
  adminSupportThreadQuery,
  adminUserThreadsQuery,
  Conversation,
  createAdminSupportThread,
  ReplyBox,
  SupportStatusBadge,
  sendAdminSupportReply,
  ThreadPicker,
} from '../../support';
import type { AdminUserDetail } from './usersApi';

/**
 * product.md#admin-pages Admin users, support: the user's threads (newest first, the newest open at once), the chosen
 * one's messages in a 400 px view with a reply box, and a form to open a thread for them, whose first
 * message is a staff reply.
 */
export function UserSupportHistory({ user }: { user: Pick<AdminUserDetail, 'id' | 'email' | 'displayName'> }) {
  const can = useCan();
  // Not even asked for without the support desk's permission: its answer would be a refusal.
  return can('support.read') ? <SupportHistory user={user} mayReply={can('support.reply')} /> : null;
}

function SupportHistory({
  user,
  mayReply,
}: {
  user: Pick<AdminUserDetail, 'id' | 'email' | 'displayName'>;
  mayReply: boolean;
}) {
  const { t } = useTranslation();
  const threads = useQuery(adminUserThreadsQuery(user));
  const [picked, setPicked] = useState<string | null>(null);
  const items = threads.data;
  const selectedId = picked && items?.some((item) => item.id === picked) ? picked : (items?.[0]?.id ?? null);

  return (
    <>
      <Section title={t('support.admin.user.title')} testId="user-support-history">
        {items ? (
          items.length === 0 ? (
            <p
              data-testid="user-support-empty"
              className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
            >
              <MessagesSquare aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              {t('support.admin.user.empty')}
            </p>
          ) : (
            <div className="space-y-4">
              <ThreadPicker
                threads={items}
                selectedId={selectedId}
                onSelect={setPicked}
                labels={{
                  list: t('support.admin.user.threads'),
                  lastMessage: t('support.admin.list.lastMessage'),
                  selected: t('support.admin.list.selected'),
                }}
                className="max-h-64"
                testId="user-support-threads"
                itemTestId="user-support-thread"
                compact
              />
              {selectedId ? <ThreadView key={selectedId} id={selectedId} customerName={user.displayName} /> : null}
            </div>
          )
        ) : threads.isError ? (
          <Alert
            tone="error"
            action={
              <Button variant="secondary" size="sm" onClick={() => void threads.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('support.admin.user.loadFailed')}
          </Alert>
        ) : (
          <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-600">
            <Spinner className="size-4 text-indigo-600" />
            {t('support.admin.user.loading')}
          </div>
        )}
      </Section>
      {mayReply ? (
        <Section title={t('support.admin.user.createTitle')} testId="user-support-create">
          <CreateThreadForm userId={user.id} onCreated={setPicked} />
        </Section>
      ) : null}
    </>
  );
}

function ThreadView({ id, customerName }: { id: string; customerName: string | null }) {
  const { t } = useTranslation();
  const mayReply = useCan()('support.reply');
  const queryClient = useQueryClient();
  const detail = useQuery(adminSupportThreadQuery(id));

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

  if (!detail.data) {
    if (detail.isError) {
      return (
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
      );
    }
    return (
      <div role="status" className="flex h-[400px] items-center justify-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-indigo-600" />
        {t('common.loading')}
      </div>
    );
  }

  const { thread, messages } = detail.data;
  return (
    <div data-testid="user-support-thread-view" data-id={thread.id} data-status={thread.status} className="min-w-0">
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <h4 className="min-w-0 break-words text-sm font-semibold text-slate-900">{thread.subject}</h4>
        <SupportStatusBadge status={thread.status} />
      </div>
      <Conversation messages={messages} own="staff" customerName={customerName ?? thread.userName} size="panel" />
      {mayReply ? <ReplyBox onSend={send} /> : null}
    </div>
  );
}

/**
 * The API's schema for the staff's new thread (its userId given here), with the optional attachment
 * beside it: the body is multipart, the server checks the file's bytes.
 */
const createThreadFormSchema = adminSupportThreadCreateSchema.extend({
  file: z.custom<File | null>((value) => value === null || value instanceof File),
});
type CreateThreadValues = z.input<typeof createThreadFormSchema>;

function CreateThreadForm({ userId, onCreated }: { userId: string; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hintId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const empty: CreateThreadValues = { userId, subject: '', message: '', file: null };
  const { register, control, handleSubmit, reset, watch } = useForm<
    CreateThreadValues,
    unknown,
    z.output<typeof createThreadFormSchema>
  >({ resolver: zodResolver(createThreadFormSchema), defaultValues: empty });
  const [subject, message, file] = watch(['subject', 'message', 'file']);
  // Both are required: the button waits for them, and says why (product.md#admin-pages).
  const blank = !subject.trim() || !message.trim();

  const create = useMutation({
    mutationFn: (values: z.output<typeof createThreadFormSchema>) =>
      createAdminSupportThread(
        userId,
        values.subject,
        values.message,
        values.file ?? null,
        values.file ? { onProgress: (p) => setPercent(p.percent) } : {},
      ),
    onSuccess: (result) => {
      // product.md#error-catalogue pairs 'Support thread created successfully' / 'Support thread created' as it pairs the
      // staff's 'Reply sent successfully' with the customer's 'Message sent': the long form is the staff's.
      toast.success(t('support.admin.user.created'));
      reset(empty);
      onCreated(result.thread.id);
      void queryClient.invalidateQueries({ queryKey: ADMIN_SUPPORT_KEY });
    },
    onError: (error) => failureToast(error, 'support.create.failed', t),
    onSettled: () => setPercent(null),
  });

  const submit = handleSubmit(
    (values) => {
      if (!create.isPending) create.mutate(values);
    },
    () => toast.error(t('support.admin.user.required')),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="user-support-new">
      <p className="text-sm text-slate-600">{t('support.admin.user.createHint')}</p>
      <TextField
        id="user-support-subject"
        label={t('support.admin.user.subject')}
        maxLength={200}
        autoComplete="off"
        required
        disabled={create.isPending}
        {...register('subject')}
      />
      <TextareaField
        id="user-support-message"
        label={t('support.admin.user.message')}
        rows={4}
        maxLength={10000}
        required
        disabled={create.isPending}
        {...register('message')}
      />
      {create.isPending && file ? (
        <UploadProgress percent={percent ?? 0} testId="user-support-upload-progress" />
      ) : null}
      {blank ? (
        <p id={hintId} className="text-sm text-slate-600" data-testid="user-support-required">
          {t('support.admin.user.required')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Controller
          control={control}
          name="file"
          render={({ field }) => (
            <AttachButton
              name="supportFile"
              file={field.value ?? null}
              onChange={field.onChange}
              disabled={create.isPending}
            />
          )}
        />
        <Button
          type="submit"
          disabled={blank}
          loading={create.isPending}
          aria-describedby={blank ? hintId : undefined}
          data-testid="user-support-create-submit"
          className="ml-auto"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('support.admin.user.submit')}
        </Button>
      </div>
    </form>
  );
}
