import { networkError, readResponse, withStepUp } from './api';

/**
 * Fetches a CSV export (all pages, as the server streams it) and hands it to the browser under the
 * server's file name, `fallbackName` when the response names none. A refusal throws the same ApiError
 * as `api`. Resolves to the name saved.
 */
export function downloadCsv(path: string, fallbackName: string): Promise<string> {
  // An export asks for a fresh second-factor code first when the last one is old (decision 0042).
  return withStepUp(() => fetchCsv(path, fallbackName));
}

async function fetchCsv(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch (cause) {
    throw networkError(cause);
  }
  if (!response.ok) readResponse(response.status, response.statusText, await response.text());
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
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
