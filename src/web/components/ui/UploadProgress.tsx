import { useTranslation } from '../../lib/useTranslation';

export interface UploadProgressProps {
  /** 0–100: how much of the request body has gone out. */
  percent: number;
  /** Test id of the wrapper; the bar itself is found by its role. */
  testId?: string;
}

/**
 * An upload's progress bar. Once every byte has gone out the server still checks and stores the
 * file, so 100 % says so instead of looking finished.
 */
export function UploadProgress({ percent, testId = 'upload-progress' }: UploadProgressProps) {
  const { t } = useTranslation();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const text = value >= 100 ? t('common.file.processing') : t('common.file.uploading', { percent: value });
  return (
    <div data-testid={testId} className="mt-3">
      <p className="text-sm font-medium text-slate-700" aria-hidden="true">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={t('common.file.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="mt-1.5 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
