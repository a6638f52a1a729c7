import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { acceptAttribute } from '../../../../shared/domain/files';
import { buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { Spinner } from '../../../components/ui/Spinner';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { checkFile } from '../../../lib/files';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/useTranslation';

export interface EinFileUploadProps {
  /** Test id of the control; the file input inside gets `${testId}-input`. */
  testId: string;
  label: string;
  hint?: string;
  variant?: 'primary' | 'secondary';
  busy: boolean;
  /** 0–100 while the file is being sent; null or absent otherwise. */
  progress?: number | null;
  disabled?: boolean;
  onFile: (file: File) => void;
}

const ACCEPT = acceptAttribute(['pdf']);

/**
 * A button that opens the file picker, or takes a dropped file, and uploads the chosen PDF straight
 * away, showing its progress. The input stays a real, labelled file input (keyboard, screen readers,
 * tests); the browser checks type and size first so a wrong file gets its message before any upload.
 */
export function EinFileUpload({
  testId,
  label,
  hint,
  variant = 'primary',
  busy,
  progress,
  disabled,
  onFile,
}: EinFileUploadProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const inactive = busy || disabled;
  const [dragging, setDragging] = useState(false);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be chosen again after a failure.
    input.value = '';
    take(file);
  }

  function onDragOver(event: DragEvent<HTMLLabelElement>) {
    if (inactive || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLLabelElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!inactive) take(event.dataTransfer.files?.[0]);
  }

  function take(file: File | undefined) {
    if (!file) return;
    const problem = checkFile(file, ['pdf']);
    if (problem) {
      toast.error(t(problem === 'tooLarge' ? 'errors.FILE_SIZE_LIMIT' : 'adminEin.toast.pdfOnly'));
      return;
    }
    onFile(file);
  }

  return (
    <div>
      <label
        data-testid={testId}
        data-dragging={dragging || undefined}
        aria-disabled={inactive || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={clsx(
          'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 text-base font-medium transition-colors sm:w-auto',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
          buttonLinkVariants[variant],
          dragging && 'outline-2 outline-offset-2 outline-dashed outline-indigo-600',
          inactive ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        )}
      >
        <input
          type="file"
          accept={ACCEPT}
          data-testid={`${testId}-input`}
          disabled={inactive}
          aria-describedby={hint ? hintId : undefined}
          onChange={onChange}
          className="sr-only"
        />
        {busy ? <Spinner /> : <Upload aria-hidden="true" className="size-4" />}
        {busy ? t('common.loading') : dragging ? t('common.file.dropHere') : label}
      </label>
      {progress !== null && progress !== undefined ? (
        <UploadProgress percent={progress} testId={`${testId}-progress`} />
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
