import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/*
 * The wizards' part of the signed-in pages' one form way (react-hook-form with the shared schemas
 * through the zod resolver, decision 0038). Not in lib/form.ts: the public pages import that one
 * and must not load the form library.
 */

/**
 * Errors (field → i18n key) as the form's only ones: what a wizard shows when a check or the API
 * refuses. Returns the fields in the order given, so the caller can focus the first.
 */
export function replaceErrors<T extends FieldValues>(form: UseFormReturn<T>, fields: Record<string, string>): string[] {
  form.clearErrors();
  for (const [name, message] of Object.entries(fields)) form.setError(name as Path<T>, { type: 'server', message });
  return Object.keys(fields);
}

/**
 * The shared schema's verdict on `input`, through the zod resolver: the first message (an i18n key)
 * of each failing field, in the schema's order, or the schema's output when nothing fails.
 */
export async function schemaErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
): Promise<{ errors: Record<string, string>; data?: z.output<S> }> {
  const resolve = zodResolver(schema as z.ZodType<FieldValues, FieldValues>);
  const result = await resolve(input as FieldValues, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors: Record<string, string> = {};
  for (const [name, error] of Object.entries(result.errors)) errors[name] = String(error?.message ?? '');
  return Object.keys(errors).length > 0 ? { errors } : { errors, data: result.values as z.output<S> };
}

/**
 * A wizard's check when leaving a step, or before sending: schemaErrors over `input` (the form's
 * values unless given). When it fails, its messages replace the form's errors; when it passes they
 * stay (a step's Next never cleared another step's error). `failing` lists the failing fields in the
 * schema's order: the caller focuses the first with useFocusField, which waits for a step change
 * (react-hook-form's own focus only reaches fields on screen). `data` is the schema's output.
 */
export async function checkWith<T extends FieldValues, S extends z.ZodType>(
  form: UseFormReturn<T>,
  schema: S,
  input: unknown = form.getValues(),
): Promise<{ failing: string[]; data?: z.output<S> }> {
  const { errors, data } = await schemaErrors(schema, input);
  return data === undefined ? { failing: replaceErrors(form, errors) } : { failing: [], data };
}

/** The form's errors as field → i18n key, for steps drawn from plain props. */
export function errorMessages(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, error] of Object.entries(errors)) if (typeof error?.message === 'string') out[name] = error.message;
  return out;
}

/**
 * Runs a wizard's Next one at a time. The checks wait for the resolver, so the busy state a request
 * sets comes after the click has been handled: without this a quick second click could send twice.
 */
export function useOneAtATime(): (action: () => Promise<void>) => Promise<void> {
  const running = useRef(false);
  return useCallback(async (action) => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  }, []);
}
