import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../lib/useTranslation';

export function LoadingState({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={className ?? 'mt-10 flex items-center justify-center gap-2 text-slate-600'}>
      <Spinner className="size-6 text-indigo-600" />
      {t('common.loading')}
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      tone="error"
      className="mt-8"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
