import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { acceptAttribute } from '../../../../shared/domain/files';
import { buttonLinkVariants } from '../../../components/ui/ExternalLink';
import { Spinner } from '../../../components/ui/Spinner';
import { checkFile } from '../../../lib/files';

export interface EinFileUploadProps {
  /** Test id of the control; the file input inside gets `${testId}-input`. */
  testId: string;
  label: string;
  hint?: string;
  variant?: 'primary' | 'secondary';
  busy: boolean;
  disabled?: boolean;
  onFile: (file: File) => void;
}

const ACCEPT = acceptAttribute(['pdf']);

/**
 * A button that opens the file picker and uploads the chosen PDF straight away. The input stays a
 * real, labelled file input (keyboard, screen readers, tests); the browser checks type and size
 * first so a wrong file gets its message before any upload.
 */
export function EinFileUpload({
  testId,
  label,
  hint,
  variant = 'primary',
  busy,
  disabled,
  onFile,
}: EinFileUploadProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const inactive = busy || disabled;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Let the same file be chosen again after a failure.
    input.value = '';
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
        aria-disabled={inactive || undefined}
        className={clsx(
          'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 text-base font-medium transition-colors sm:w-auto',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
          buttonLinkVariants[variant],
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
        {busy ? t('common.loading') : label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
