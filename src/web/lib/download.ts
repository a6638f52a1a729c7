import { networkError, readResponse, withStepUp } from './api';

/**
 * Fetches a CSV export (all pages, as the server streams it) and hands it to the browser under the
 * server's file name, `fallbackName` when the response names none. A refusal throws the same ApiError
 * as `api`. Resolves to the name saved.
 */
export function downloadCsv(path: string, fallbackName: string): Promise<string> {
  // An export asks for a fresh second-factor code first when the last one is old (decision 0042).
  return withStepUp(() => fetchDownload(path, fallbackName, 'text/csv'));
}

/**
 * A stored file that needs a fresh second-factor code (an SS-4 carries the SSN, decision 0042): fetched
 * rather than followed as a link, so that a STEP_UP_REQUIRED asks for the code and tries again.
 */
export function downloadFile(path: string, fallbackName: string): Promise<string> {
  return withStepUp(() => fetchDownload(path, fallbackName, '*/*'));
}

async function fetchDownload(path: string, fallbackName: string, accept: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { Accept: accept },
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) readResponse(response.status, response.statusText, await response.text());
  const blob = await response.blob();
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  const name = (utf8 ? decodeURIComponent(utf8) : /filename="([^"]+)"/.exec(header)?.[1]) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
