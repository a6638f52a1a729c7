import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { lazyZodResolver, useLazyResolver } from '../../../lib/lazyResolver';
import type { UploadOptions } from '../../../lib/upload';
import { useTranslation } from '../../../lib/useTranslation';
import type { ReplyFormOutput, ReplyFormValues } from '../lib/supportForms';
import { AttachButton } from './AttachButton';

export interface ReplyBoxProps {
  /** Resolves when the message is stored (the box then empties); rejects to keep what was typed. */
  onSend: (message: string, file: File | null, options: UploadOptions) => Promise<unknown>;
  hint?: string;
}

const EMPTY: ReplyFormValues = { message: '', file: null };
const replyResolver = lazyZodResolver(() => import('../lib/supportForms').then((m) => m.replyFormSchema));

/** A reply: text that is not blank (product.md#uploads, the button stays disabled until then) and an optional file. */
export function ReplyBox({ onSend, hint }: ReplyBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { isSubmitting },
  } = useForm<ReplyFormValues, unknown, ReplyFormOutput>({
    resolver: useLazyResolver(replyResolver),
    defaultValues: EMPTY,
  });
  const blank = (watch('message') ?? '').trim().length === 0;
  const file = watch('file');

  const submit = handleSubmit(async ({ message, file: attached }) => {
    try {
      await onSend(message, attached ?? null, attached ? { onProgress: (p) => setPercent(p.percent) } : {});
      reset(EMPTY);
    } catch {
      // The caller said what went wrong; the text stays for another try.
    } finally {
      setPercent(null);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3" data-testid="support-reply">
      <label htmlFor={`${id}-message`} className="sr-only">
        {t('support.reply.label')}
      </label>
      <textarea
        id={`${id}-message`}
        rows={3}
        maxLength={10000}
        {...register('message')}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter sends; a plain Enter is a new line, as in a mail.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !blank && !isSubmitting) void submit();
        }}
        placeholder={t('support.reply.placeholder')}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {isSubmitting && file ? <UploadProgress percent={percent ?? 0} testId="support-upload-progress" /> : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Controller
          control={control}
          name="file"
          render={({ field }) => (
            <AttachButton name="file" file={field.value ?? null} onChange={field.onChange} disabled={isSubmitting} />
          )}
        />
        <Button type="submit" disabled={blank} loading={isSubmitting} data-testid="support-send" className="ml-auto">
          <Send aria-hidden="true" className="size-4" />
          {t('support.reply.send')}
        </Button>
      </div>
    </form>
  );
}
