import type { FileKind } from '../../../shared/domain/files';
import { FILE_KIND_INFO } from '../../../shared/domain/files';

/**
 * Storage keys of product.md#files-and-privacy: `{category}/{userId}_{timestamp}.{ext}` and `signed_ss4/{userId}_{timestamp}.pdf`.
 * Built from server-side values only (the folder, the user's id, the clock and the kind found in the
 * file's bytes), so nothing a client sends can steer where a file lands.
 */
export const STORAGE_FOLDERS = [
  'ss4',
  'signed_ss4',
  'ein',
  'articles_of_org',
  'business_license',
  'other',
  /** Support attachments, `support/{thread owner's id}_{timestamp}.{ext}`; downloads check support_attachments. */
  'support',
  /**
   * The tracked filings' files (decisions 0051, 0058): the prepared Form 5472, 1120 and data sheet, the
   * signed forms, the fax confirmations and state receipts. Downloads check their documents rows.
   */
  'filings',
  /**
   * The mailroom (decision 0086): scans (`mail/{userId}_…`, vault documents) and envelope photos
   * (`mail/{letter id}_…`, found through their letter, which may have no customer yet).
   */
  'mail',
] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

const KEY_SHAPE = /^([a-z0-9_]+)\/([A-Za-z0-9-]+)_(\d+)\.(pdf|png|jpg)$/;

export function makeStorageKey(folder: StorageFolder, userId: string, kind: FileKind, timestamp: number): string {
  return `${folder}/${userId}_${timestamp}.${FILE_KIND_INFO[kind].extension}`;
}

/** True for keys this module could have made; anything else (../, absolute paths, other shapes) is refused. */
export function isStorageKey(key: string): boolean {
  const m = KEY_SHAPE.exec(key);
  return !!m && (STORAGE_FOLDERS as readonly string[]).includes(m[1]);
}
