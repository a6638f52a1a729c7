import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
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
 * A wizard's check when leaving a step, or before sending: the shared schema, through the zod
 * resolver, over `input` (the form's values unless given). When it fails, its first message per field
 * replaces the form's errors; when it passes they stay (a step's Next never cleared another step's
 * error). `failing` lists the failing fields in the schema's order: the caller focuses the first with
 * useFocusField, which waits for a step change (react-hook-form's own focus only reaches fields on
 * screen). `data` is the schema's output when it passed.
 */
export async function checkWith<T extends FieldValues, S extends z.ZodType>(
  form: UseFormReturn<T>,
  schema: S,
  input: unknown = form.getValues(),
): Promise<{ failing: string[]; data?: z.output<S> }> {
  const resolve = zodResolver(schema as z.ZodType<FieldValues, FieldValues>);
  const result = await resolve(input as FieldValues, undefined, { fields: {}, shouldUseNativeValidation: false });
  const found: Record<string, string> = {};
  for (const [name, error] of Object.entries(result.errors)) found[name] = String(error?.message ?? '');
  if (Object.keys(found).length > 0) return { failing: replaceErrors(form, found) };
  return { failing: [], data: result.values as z.output<S> };
}
