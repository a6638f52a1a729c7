/**
 * The only way a stored file reaches a browser: an app URL that checks the caller on every request
 * (features/files/files.routes.ts). Keys are server-made and URL-safe, so no escaping is needed.
 */
export function fileUrl(key: string): string;
export function fileUrl(key: string | null): string | null;
export function fileUrl(key: string | null): string | null {
  return key ? `/api/files/${key}` : null;
}
