import type { Readable } from 'node:stream';

/**
 * Private file storage (ARCHITECTURE.md "files"): local disk under DATA_DIR/files by default, any
 * S3-compatible store when S3_* is set. Keys are made on the server only (see keys.ts); the database
 * keeps the key, never a URL, and every download goes through GET /api/files/... .
 */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under a new key. Never overwrites: an existing key throws StorageKeyTakenError. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The file as a stream, or null when there is no such key. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key (the backup, decision 0049). The adapters have it; the encrypting wrapper does not
   * pass it on: a backup copies the stored bytes, ciphertext included, from the adapter itself.
   */
  list?(): AsyncIterable<string>;
}

export class StorageKeyTakenError extends Error {
  constructor(key: string) {
    super(`storage key already exists: ${key}`);
  }
}
