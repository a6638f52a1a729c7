import { isApiError } from './api';
import { i18n } from './i18n';
import { toast } from './toast';

/**
 * The text to show for a failed call: the catalogue's wording of the error code in the current
 * language, else the server's own message, else the caller's fallback key.
 */
export function errorMessage(
  error: unknown,
  fallbackKey: string,
  t: (key: string, vars?: Record<string, string>) => string = (key, vars) => i18n.t(key, vars),
): string {
  if (isApiError(error)) {
    const key = `errors.${error.code}`;
    // A message may name a value the server sent with it (TWO_FACTOR_LOCKED's end).
    if (i18n.exists(key)) return t(key, error.fields);
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}

/**
 * A failed action's toast: the action's own message (product.md#error-catalogue: 'Failed to send reply', ...) as its title,
 * and the server's reason beneath when it says more ('Too many requests...'). The reason alone as the
 * title would hide which action failed behind a generic 'An unexpected error occurred'.
 */
export function failureToast(
  error: unknown,
  key: string,
  t: (key: string) => string = (k: string) => i18n.t(k),
  options: { id?: string } = {},
): void {
  const title = t(key);
  const reason = errorMessage(error, key, t);
  toast.error(title, { ...options, description: reason === title ? undefined : reason });
}
