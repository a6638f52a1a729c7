import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '../../shared/domain/limits';
import { useLoadedSonner } from '../lib/toast';
import { useTranslation } from '../lib/useTranslation';

/**
 * 5 seconds (SPEC §2), with its screen-reader labels in the user's language. At the bottom (right on
 * a wide screen, full width on a phone, where sonner switches at 600 px): at the top it covered the
 * header, the admin menu and the e-mail verification banner's button; the bottom holds nothing that
 * stays there, since no page pins controls to it. Mounted once the first toast has loaded sonner
 * (lib/toast.ts).
 */
function AppToaster() {
  const { t } = useTranslation();
  const sonner = useLoadedSonner();
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      position="bottom-right"
      mobileOffset={{ bottom: 16, left: 16, right: 16 }}
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
      <AppToaster />
      {children}
    </>
  );
}
