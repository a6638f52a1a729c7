import type { FileKind } from '../../../shared/domain/files';
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
 * Stores a file under a fresh SPEC §7 key and returns the key. Two uploads by one user in the same
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
