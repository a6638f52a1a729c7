import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/*
 * sonner's `toast`, with sonner itself fetched when the first toast shows: most first visits never
 * show one, so it stays out of the entry. Calls made while it loads are passed on once it is here;
 * ids and options reach sonner unchanged, so a toast with an id still shows once. The Toaster
 * mounts when sonner arrives (LazyToaster in providers.tsx) and shows the toasts raised before it.
 */

type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast.success>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

let loaded: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // A failed chunk may load on the next toast.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  if (loaded) {
    loaded.toast[kind](message, options);
    return;
  }
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    () => {
      // Nothing to show it with; the page itself still says what happened where it matters.
    },
  );
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  /** Runs after the toasts asked for before it, even while sonner loads; before any, there is nothing to dismiss. */
  dismiss: (id?: string | number) => {
    if (loaded) loaded.toast.dismiss(id);
    else
      loading?.then(
        (module) => module.toast.dismiss(id),
        () => {},
      );
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner once the first toast loaded it, else null. */
export function useLoadedSonner(): Sonner | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}
