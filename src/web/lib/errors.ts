import { isApiError } from './api';
import { i18n } from './i18n';

/**
 * The text to show for a failed call: the catalogue's wording of the error code in the current
 * language, else the server's own message, else the caller's fallback key.
 */
export function errorMessage(
  error: unknown,
  fallbackKey: string,
  t: (key: string) => string = (key: string) => i18n.t(key),
): string {
  if (isApiError(error)) {
    const key = `errors.${error.code}`;
    if (i18n.exists(key)) return t(key);
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}
