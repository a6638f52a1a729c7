import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../../../shared/errors';
import { translate } from '../../../shared/i18n';
import type { AppEnv } from './context';

/** Thrown by services and routes; the app's error handler turns it into the JSON error body. */
export class ApiError extends Error {
  constructor(
    public readonly code: ApiErrorCode,
    public readonly fields?: Record<string, string>,
  ) {
    super(code);
  }
}

export function errorResponse(c: Context<AppEnv>, code: ApiErrorCode, fields?: Record<string, string>) {
  const lang = c.get('lang') ?? 'tr';
  // A message may name a field's value (TWO_FACTOR_LOCKED's end); validation fields name no placeholders.
  const body: ApiErrorBody = { error: { code, message: translate(lang, `errors.${code}`, fields) } };
  if (fields) body.error.fields = fields;
  return c.json(body, API_ERRORS[code] as ContentfulStatusCode);
}

/** Field name → i18n key of the first failed rule of that field. */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (fields[field]) continue;
    fields[field] = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return fields;
}
