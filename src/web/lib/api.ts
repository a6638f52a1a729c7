import type { ApiErrorBody } from '../../shared/errors';
import { toast } from './toast';

/** A failed API call, carrying the server's error code and, for validation, the failing fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /**
   * False when the answer was not the API's own error body (a proxy's HTML page, an empty 502): the
   * request may never have reached the portal, so nothing is known about what it did.
   */
  readonly fromApi: boolean;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, fromApi = true) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.fromApi = fromApi;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}

// A body that is not our error shape (a proxy page, an empty 502) still needs a code the UI knows.
function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'TOO_MANY_ATTEMPTS';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'INTERNAL';
}

/**
 * Step-up (decision 0042): the admin layout registers how to ask for a fresh second-factor code. A call
 * answered 403 STEP_UP_REQUIRED asks, and is sent once more when a code was given.
 */
let askForStepUp: (() => Promise<boolean>) | null = null;

export function registerStepUp(ask: (() => Promise<boolean>) | null) {
  askForStepUp = ask;
}

/** Runs `call`; after a STEP_UP_REQUIRED and a code given in the dialog, runs it once more. */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isApiError(error, 'STEP_UP_REQUIRED') || !askForStepUp || !(await askForStepUp())) throw error;
    return call();
  }
}

/**
 * Calls the API. A FormData body goes as multipart/form-data (file uploads; the browser sets the
 * boundary); anything else as JSON.
 */
export function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return withStepUp(() => send<T>(method, path, body));
}

async function send<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
  } catch (cause) {
    throw networkError(cause);
  }

  return readResponse<T>(response.status, response.statusText, await response.text());
}

/**
 * Turns a finished response into the call's result or an ApiError: shared by `api` (fetch) and
 * `upload` (XMLHttpRequest, for its progress events), so both fail in the same way.
 */
export function readResponse<T>(status: number, statusText: string, text: string): T {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (status < 200 || status > 299) {
    if (isErrorBody(data)) {
      const { code, message, fields } = data.error;
      // An outage is the same news on every page; one toast (by id) says it, whatever the page shows.
      if (code === 'SERVICE_UNAVAILABLE') toast.error(message, { id: 'service-unavailable' });
      throw new ApiError(status, code, message, fields ?? {});
    }
    throw new ApiError(status, fallbackCode(status), statusText, {}, false);
  }
  return data as T;
}

/** What a call that never got an answer (offline, DNS, reset connection) throws. */
export function networkError(cause?: unknown): ApiError {
  return new ApiError(0, 'INTERNAL', cause instanceof Error ? cause.message : 'Network error', {}, false);
}
