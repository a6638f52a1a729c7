import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '../../shared/domain/limits';
import { useLoadedSonner } from '../lib/toast';
import { useTranslation } from '../lib/useTranslation';

/**
 * 5 seconds (product.md#shared-page-parts), with its screen-reader labels in the user's language, top-centre (product.md#shared-page-parts).
 * The toasts take room in the page's flow instead of floating over it (decision 0018, amended for
 * decision 0035): above the header they push the page down, so they hide neither the header nor the
 * verification banner, and once the page is scrolled they stay at the top of the screen and push what
 * is on it down. A floating toast always lies over something: bottom-right it covered onboarding's
 * "Devam Et" (and the resting pointer paused it). The styles that take sonner's toasts out of their
 * stack are in styles.css. Mounted once the first toast has loaded sonner (lib/toast.ts).
 */
function AppToaster() {
  const { t } = useTranslation();
  const sonner = useLoadedSonner();
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel={t('common.toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('common.toast.close') }}
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="sticky top-0 z-40">
        <AppToaster />
      </div>
      {children}
    </>
  );
}
