import { FlaskConical } from 'lucide-react';
import { useTranslation } from '../../../lib/useTranslation';

/** Across the top of the local checkout, so no one mistakes it for a real payment page. */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="mt-4 border-y-4 border-amber-600 bg-[repeating-linear-gradient(135deg,var(--color-amber-300)_0_14px,var(--color-amber-400)_14px_28px)] px-4 py-3"
    >
      <p className="mx-auto flex max-w-3xl items-center justify-center gap-2 text-center font-bold uppercase tracking-wide text-amber-950">
        <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
        {t('payments.testCheckout.banner')}
      </p>
      <p className="mx-auto mt-1 max-w-3xl text-center text-sm font-medium text-amber-950">
        {t('payments.testCheckout.bannerBody')}
      </p>
    </div>
  );
}
