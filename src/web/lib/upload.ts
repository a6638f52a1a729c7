import { networkError, readResponse } from './api';

/** How far the request body has gone out; `percent` is a whole number from 0 to 100. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

export interface UploadOptions {
  /** Called as the body goes out; fetch cannot report this, which is why uploads use XMLHttpRequest. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form to the API and reports the upload's progress. Resolves to the parsed JSON
 * and fails with the same ApiError as `api()` (same codes, same fallbacks, status 0 when no answer
 * came), so callers handle both alike.
 */
export function upload<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(networkError(new Error('Upload cancelled')));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable || event.total <= 0) return;
        onProgress({
          loaded: event.loaded,
          total: event.total,
          percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)),
        });
      };
    }
    xhr.onload = () => {
      try {
        resolve(readResponse<T>(xhr.status, xhr.statusText, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError(new Error('Upload timed out')));
    xhr.onabort = () => reject(networkError(new Error('Upload cancelled')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
