import { startTransition, useEffect, useState } from 'react';

/** The longest wait for an idle moment before the work starts anyway. */
const IDLE_WAIT_MS = 2000;
/** Where the browser has no requestIdleCallback (Safari): a short wait after the first render. */
const FALLBACK_WAIT_MS = 300;

/**
 * Runs `work` once the browser is idle, which on a page's first load is after its first view has
 * painted; gives the cancel. What a first view does not show (a region below the fold, a form's schema)
 * then no longer competes with it for the network and the main thread (decision 0096).
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, FALLBACK_WAIT_MS);
  return () => clearTimeout(id);
}

/**
 * False on the first render and until the browser is idle after it, then true: a region rendered only
 * when this is true (its lazy code with it) loads after the first view. Only for a region nothing on
 * screen sits below, or one with a placeholder of its height, so that its arrival moves nothing.
 * `sliced`: the region renders in a transition, in slices that yield to the browser, not in one task
 * (the dashboard's six cards: blocking 56 ms against 72–130 ms in one task, decision 0096; on the
 * renewals desk, whose one region is small, it moved the largest paint later in two runs of two).
 */
export function useIdle(options: { sliced?: boolean } = {}): boolean {
  const { sliced = false } = options;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => (sliced ? startTransition(() => setIdle(true)) : setIdle(true))), [sliced]);
  return idle;
}
