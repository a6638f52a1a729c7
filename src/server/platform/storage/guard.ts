import { FILE_KIND_INFO, FILE_KINDS } from '../../../shared/domain/files';
import { isStorageKey } from './keys';

/**
 * Every adapter calls this first: a key that keys.ts could not have made (../, absolute paths, other
 * shapes) never reaches the file system or the bucket, whatever the caller got wrong upstream.
 */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** The content type a key's extension stands for (keys always end in a known extension). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const kind = FILE_KINDS.find((k) => FILE_KIND_INFO[k].extension === ext);
  return kind ? FILE_KIND_INFO[kind].contentType : 'application/octet-stream';
}
