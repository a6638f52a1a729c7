import { FlaskConical } from 'lucide-react';
import { useTranslation } from '../../../lib/useTranslation';

/** An order paid through the local TEST MODE checkout: no money moved, so staff must not deliver on it. */
export function TestModeBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid={testId}
      title={t('adminServices.orders.testModeHint')}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-950 ring-1 ring-inset ring-amber-400"
    >
      <FlaskConical aria-hidden="true" className="size-3.5" />
      {t('adminServices.orders.testMode')}
    </span>
  );
}
