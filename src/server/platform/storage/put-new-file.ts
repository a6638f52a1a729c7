import type { FileKind } from '../../../shared/domain/files';
import type { Logger } from '../logger';
import { makeStorageKey, type StorageFolder } from './keys';
import { type FileStorage, StorageKeyTakenError } from './storage';

export interface NewFile {
  folder: StorageFolder;
  userId: string;
  kind: FileKind;
  data: Uint8Array;
  contentType: string;
}

/** Keys differ only by their millisecond timestamp; this many collisions in a row means something is wrong. */
const MAX_ATTEMPTS = 20;

/**
 * Stores a file under a fresh product.md#files-and-privacy key and returns the key. Two uploads by one user in the same
 * millisecond would share a key; since storage never overwrites, the loser moves one millisecond on.
 */
export async function putNewFile(storage: FileStorage, file: NewFile, now: () => number = Date.now): Promise<string> {
  const start = now();
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const key = makeStorageKey(file.folder, file.userId, file.kind, start + i);
    try {
      await storage.put(key, file.data, file.contentType);
      return key;
    } catch (err) {
      if (!(err instanceof StorageKeyTakenError)) throw err;
    }
  }
  throw new Error(`no free storage key for ${file.folder}/${file.userId} after ${MAX_ATTEMPTS} attempts`);
}

/**
 * Removes files stored ahead of a database change that then failed (storage is not part of the
 * transaction). A failure here is logged, never thrown, so it cannot hide the original error.
 */
export async function discardFiles(
  deps: { storage: FileStorage; logger: Pick<Logger, 'error'> },
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.logger.error({ err, key }, 'could not delete a stored file after a failed change');
    }
  }
}

/**
 * Stores `file`, then runs `record` with its key (one transaction that writes the rows pointing at
 * it); when `record` fails, the file is removed again so that a refused change leaves nothing behind.
 */
export async function storeThenRecord<T>(
  deps: { storage: FileStorage; logger: Pick<Logger, 'error'> },
  file: NewFile,
  record: (key: string) => Promise<T>,
): Promise<T> {
  const key = await putNewFile(deps.storage, file);
  try {
    return await record(key);
  } catch (err) {
    await discardFiles(deps, [key]);
    throw err;
  }
}
