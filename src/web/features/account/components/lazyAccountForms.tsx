import { lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../lib/useTranslation';

/*
 * The account page's forms (AccountForms.tsx), fetched when a section's Change button is first pressed
 * or pointed at, not with the page (decision 0096).
 */
const load = () => import('./AccountForms');

export const NameForm = lazy(() => load().then((m) => ({ default: m.NameForm })));
export const EmailForm = lazy(() => load().then((m) => ({ default: m.EmailForm })));
export const PasswordForm = lazy(() => load().then((m) => ({ default: m.PasswordForm })));

/** Starts fetching the forms before the press (a pointer over the button, a focus), so the form opens at once. */
export function prefetchAccountForms() {
  void load().catch(() => {});
}

/** An opened form's place while its code arrives: the same spinner as the page's other waits. */
export function FormSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div role="status" className="flex justify-center py-4">
          <Spinner className="size-6 text-indigo-600" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
