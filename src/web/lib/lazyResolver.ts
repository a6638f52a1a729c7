import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { whenIdle } from './whenIdle';

/*
 * The one form way (decision 0038) on the pages that keep zod off their first paint (decision 0060:
 * the dashboard, documents, support, services and the admin lists): react-hook-form is there at once,
 * the shared schema and the zod resolver come after the first paint (useLazyResolver starts loading
 * them once the form is mounted and the browser idle) and are awaited on the first check if they have
 * not arrived yet.
 */

type Loaded = Resolver<FieldValues, unknown, FieldValues>;

export interface LazyResolver<Values extends FieldValues, Output> {
  resolver: Resolver<Values, unknown, Output>;
  /** Starts loading the schema and the resolver; safe to call more than once. */
  preload: () => Promise<unknown>;
}

/**
 * A zod resolver over a schema loaded when first needed: `load` is a dynamic import of the module that
 * holds the form's schema (built from the shared one the API applies). Declare it once per form at
 * module level, and call `useLazyResolver` in the component.
 */
export function lazyZodResolver<Values extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output, Values>>,
): LazyResolver<Values, Output> {
  let ready: Promise<Loaded> | null = null;
  const preload = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as Loaded,
      (error: unknown) => {
        // A failed fetch (offline for a moment) is tried again on the next check.
        ready = null;
        throw error;
      },
    );
    return ready;
  };
  const resolver = (async (values, context, options) =>
    (await preload())(values, context, options as never)) as Resolver<Values, unknown, Output>;
  return { resolver, preload };
}

/**
 * Loads a lazy resolver's schema once the form is on screen and the browser is idle, so that a submit
 * rarely waits for it. Started at once on mount, the schema library (85 KiB of script) was fetched and
 * compiled before the page's largest paint on /documents and /support (decision 0096); idle time comes
 * after that paint. A submit before it awaits the load itself.
 */
export function useLazyResolver<Values extends FieldValues, Output>(lazy: LazyResolver<Values, Output>) {
  useEffect(
    () =>
      whenIdle(() => {
        lazy.preload().catch(() => {
          // Tried again on submit, which reports the failure.
        });
      }),
    [lazy],
  );
  return lazy.resolver;
}
