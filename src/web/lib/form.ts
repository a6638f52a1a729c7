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

/** The first message (an i18n key) for each top-level field of a failed zod parse. */
export function zodFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}
