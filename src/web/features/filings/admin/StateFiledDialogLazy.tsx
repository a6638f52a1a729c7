import { type ComponentProps, lazy, Suspense } from 'react';
import type { StateFiledDialog } from './StateFiledDialog';

const Dialog = lazy(() => import('./StateFiledDialog').then((m) => ({ default: m.StateFiledDialog })));

/**
 * The "filed with the state" dialog, its code (the receipt's file field, the upload) fetched when it is
 * first opened rather than with the desk's list (decision 0096). It is modal and mounted only while
 * open, so waiting for it moves nothing on the page.
 */
export function StateFiledDialogLazy(props: ComponentProps<typeof StateFiledDialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
