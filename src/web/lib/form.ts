import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the API's `fields` (field name → i18n key) on the form's own fields. Returns whether any
 * field was marked, so the caller can fall back to a toast when none matched.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  known: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const [name, message] of Object.entries(fields)) {
    if ((known as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
