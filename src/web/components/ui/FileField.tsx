import { clsx } from 'clsx';
import { FileText, Upload, X } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { acceptAttribute, type FileKind } from '../../../shared/domain/files';
import { UPLOAD_MAX_BYTES } from '../../../shared/domain/limits';
import { checkFile, type FileProblem, formatFileSize } from '../../lib/files';
import { useTranslation } from '../../lib/useTranslation';
import { FieldShell } from './Field';
import { UploadProgress } from './UploadProgress';

const KIND_LABELS: Record<FileKind, string> = { pdf: 'PDF', jpeg: 'JPG', png: 'PNG' };

export interface FileFieldProps {
  /** The input's `name` (the API's multipart field) and, unless `id` is given, its id. */
  name: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** What the screen accepts; the picker offers only these and the early check enforces them. */
  kinds: readonly FileKind[];
  file: File | null;
  /** A file that passed the early check, or null when the user removed it or picked a wrong one. */
  onChange: (file: File | null) => void;
  /** An i18n key (or text) from the caller: a required file missing, the server's verdict. */
  error?: string;
  /** The screen's own words for the early check (i18n keys), as the spec gives them per screen. */
  messages: Record<FileProblem, string>;
  disabled?: boolean;
  /** 0–100 while the chosen file is being sent (see lib/upload.ts); null or absent otherwise. */
  progress?: number | null;
  /** Given the file input, so a form can focus it (react-hook-form's Controller `field.ref`). */
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * A file picker: a large drop zone (the real file input stretched over it, so a tap, a click and the
 * keyboard all reach the native control; a drop is taken by the zone itself), then the chosen file's
 * name and size with a button to remove it, and the upload's progress while it is sent.
 * The browser's check of type and size runs at once; the server checks the bytes again.
 */
export function FileField({
  name,
  id,
  label,
  hint,
  kinds,
  file,
  onChange,
  error,
  messages,
  disabled,
  progress,
  inputRef: giveInput,
}: FileFieldProps) {
  const { t, i18n } = useTranslation();
  const fieldId = id ?? name;
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = problem ? messages[problem] : error;

  // The input cannot be controlled: empty it when the caller drops the file, so picking the same
  // file again still fires a change.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  function pick(chosen: File | null) {
    if (!chosen) return;
    const found = checkFile(chosen, kinds);
    setProblem(found);
    onChange(found ? null : chosen);
  }

  // The drop is handled here rather than left to the input: the input would keep a wrong file that
  // the early check refused, and other browsers differ on drops onto a file input.
  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    pick(event.dataTransfer.files?.[0] ?? null);
  }

  function remove() {
    setProblem(null);
    onChange(null);
    inputRef.current?.focus();
  }

  const types = kinds.map((k) => KIND_LABELS[k]).join(', ');
  const maxSize = formatFileSize(UPLOAD_MAX_BYTES, i18n.language);

  return (
    <FieldShell fieldId={fieldId} label={label} hint={hint} error={shownError}>
      {(describedBy) => (
        <>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target only; the input inside is the control */}
          <div
            data-testid={`${name}-dropzone`}
            data-dragging={dragging || undefined}
            onDragEnter={onDragOver}
            onDragOver={onDragOver}
            onDragLeave={onDragLeave}
            onDrop={onDrop}
            className={clsx(
              'relative mt-1.5 flex min-h-20 items-center gap-3 rounded-xl border-2 border-dashed p-4 transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
              dragging
                ? 'border-indigo-500 bg-indigo-50'
                : shownError
                  ? 'border-red-400 bg-red-50/40'
                  : file
                    ? 'border-emerald-300 bg-emerald-50/60'
                    : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/60',
              disabled && 'opacity-60',
            )}
          >
            <input
              ref={(element) => {
                inputRef.current = element;
                giveInput?.(element);
              }}
              type="file"
              id={fieldId}
              name={name}
              accept={acceptAttribute(kinds)}
              disabled={disabled}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => pick(event.target.files?.[0] ?? null)}
              className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
            />
            <span
              aria-hidden="true"
              className={clsx(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                file ? 'bg-emerald-600 text-white' : 'bg-indigo-100 text-indigo-700',
              )}
            >
              {file ? <FileText className="size-5" /> : <Upload className="size-5" />}
            </span>
            {dragging ? (
              <div className="min-w-0 flex-1">
                <p className="font-medium text-indigo-700">{t('common.file.dropHere')}</p>
              </div>
            ) : file ? (
              <div className="min-w-0 flex-1" data-testid={`${name}-selected`} aria-live="polite">
                <p className="truncate font-medium text-slate-900" title={file.name}>
                  {file.name}
                </p>
                <p className="text-sm text-slate-600">
                  {formatFileSize(file.size, i18n.language)} · {t('common.file.replace')}
                </p>
              </div>
            ) : (
              <div className="min-w-0 flex-1">
                <p className="font-medium text-indigo-700">{t('common.file.choose')}</p>
                <p className="text-sm text-slate-600">{t('common.file.accepts', { types, size: maxSize })}</p>
              </div>
            )}
            {file ? (
              // Above the stretched input, so that it removes rather than opens the picker.
              <button
                type="button"
                onClick={remove}
                disabled={disabled}
                aria-label={t('common.file.remove', { name: file.name })}
                className="relative z-10 flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-white hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            ) : null}
          </div>
          {progress !== null && progress !== undefined ? (
            <UploadProgress percent={progress} testId={`${name}-progress`} />
          ) : null}
        </>
      )}
    </FieldShell>
  );
}
