import { clsx } from 'clsx';
import { Paperclip, X } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { acceptAttribute, FILE_KINDS } from '../../../../shared/domain/files';
import { checkFile, formatFileSize } from '../../../lib/files';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';

const ACCEPT = acceptAttribute(FILE_KINDS);

export interface AttachButtonProps {
  /** The file input's name (tests set files on it). */
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * A compact "attach" control for a message box: a labelled real file input behind a small button,
 * then the chosen file as a chip that can be removed. The drop zone of FileField is too tall beside a
 * chat box. The server checks the bytes again.
 */
export function AttachButton({ name, file, onChange, disabled }: AttachButtonProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();

  const [dragging, setDragging] = useState(false);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = input.files?.[0];
    // Let the same file be chosen again after it was removed.
    input.value = '';
    if (chosen) take(chosen);
  }

  // A file dragged from the desktop onto the button is taken like a picked one.
  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const chosen = event.dataTransfer.files?.[0];
    if (chosen && !disabled) take(chosen);
  }

  function take(chosen: File) {
    const problem = checkFile(chosen, FILE_KINDS);
    if (problem) {
      toast.error(t(problem === 'tooLarge' ? 'errors.FILE_SIZE_LIMIT' : 'errors.UNSUPPORTED_FILE_TYPE'));
      return;
    }
    onChange(chosen);
  }

  if (file) {
    return (
      <div
        data-testid={`${name}-selected`}
        className="inline-flex min-h-11 min-w-0 max-w-full items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 pl-3 text-sm text-emerald-950"
      >
        <Paperclip aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 truncate font-medium" title={file.name}>
          {file.name}
        </span>
        <span className="shrink-0 text-emerald-800">{formatFileSize(file.size, i18n.language)}</span>
        <button
          type="button"
          onClick={() => onChange(null)}
          disabled={disabled}
          aria-label={t('support.reply.removeFile', { name: file.name })}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-emerald-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }

  return (
    <label
      title={t('support.reply.attachHint')}
      aria-disabled={disabled || undefined}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={clsx(
        'inline-flex min-h-11 items-center gap-2 rounded-lg border bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50',
        dragging ? 'border-indigo-500 bg-indigo-50 ring-2 ring-indigo-200' : 'border-slate-300',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
      )}
    >
      <input
        type="file"
        name={name}
        accept={ACCEPT}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={pick}
        className="sr-only"
      />
      <Paperclip aria-hidden="true" className="size-4" />
      {t('support.reply.attach')}
      <span id={hintId} className="sr-only">
        {t('support.reply.attachHint')}
      </span>
    </label>
  );
}
