import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import type { UploadOptions } from '../../../lib/upload';
import { useTranslation } from '../../../lib/useTranslation';
import { AttachButton } from './AttachButton';

export interface ReplyBoxProps {
  /** Resolves when the message is stored (the box then empties); rejects to keep what was typed. */
  onSend: (message: string, file: File | null, options: UploadOptions) => Promise<unknown>;
  hint?: string;
}

/** A reply: text that is not blank (product.md#uploads, the button stays disabled until then) and an optional file. */
export function ReplyBox({ onSend, hint }: ReplyBoxProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const blank = text.trim().length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || sending) return;
    setSending(true);
    try {
      await onSend(text, file, file ? { onProgress: (p) => setPercent(p.percent) } : {});
      setText('');
      setFile(null);
    } catch {
      // The caller said what went wrong; the text stays for another try.
    } finally {
      setSending(false);
      setPercent(null);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-3" data-testid="support-reply">
      <label htmlFor={`${id}-message`} className="sr-only">
        {t('support.reply.label')}
      </label>
      <textarea
        id={`${id}-message`}
        name="message"
        rows={3}
        maxLength={10000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter sends; a plain Enter is a new line, as in a mail.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
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
      {sending && file ? <UploadProgress percent={percent ?? 0} testId="support-upload-progress" /> : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <AttachButton name="file" file={file} onChange={setFile} disabled={sending} />
        <Button type="submit" disabled={blank} loading={sending} data-testid="support-send" className="ml-auto">
          <Send aria-hidden="true" className="size-4" />
          {t('support.reply.send')}
        </Button>
      </div>
    </form>
  );
}
