import { useTranslation } from '../../lib/useTranslation';
import { Spinner } from './Spinner';

/** Shown while a route's code or data loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner className="size-8 text-indigo-600" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
