import { z } from 'zod';
import { INVALID_CHARACTERS, isSafeText, TOO_LONG } from './text-rules';

export { INVALID_CHARACTERS, isSafeText, TEXT_MAX, TOO_LONG } from './text-rules';

export interface SafeTextOptions {
  /** The message when the value is missing or not a string (zod's `error`). */
  error?: string;
  /** The message when it is longer than `max`; validation.tooLong by default. */
  tooLong?: string;
  /** Trim before the length check (what the user sees is what is counted). Default true. */
  trim?: boolean;
}

/**
 * Every string a request may carry: refused with validation.invalidCharacters when it holds text the
 * database or JSON cannot keep as sent (isSafeText), and with `tooLong` past `max`. Chain `.min()`,
 * `.refine()`, `.optional()` etc. as with z.string().
 */
export function safeText(max: number, options: SafeTextOptions = {}) {
  const base = z.string(options.error ? { error: options.error } : undefined).refine(isSafeText, INVALID_CHARACTERS);
  return (options.trim === false ? base : base.trim()).max(max, options.tooLong ?? TOO_LONG);
}
