import path from 'node:path';
import type { Env } from '../../env';
import { createDiskStorage } from './disk-storage';
import { encryptingStorage } from './encrypting-storage';
import type { StorageFolder } from './keys';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/**
 * The folders whose files can hold an SSN (SS-4 forms, signed or not, the EIN letter, and the Form 5472
 * filings' forms, which print the owner's SSN or ITIN, decision 0058) and support attachments, where
 * customers send whatever they are asked about, SS-4 forms and IDs included.
 */
export const ENCRYPTED_FOLDERS: readonly StorageFolder[] = ['ss4', 'signed_ss4', 'ein', 'support', 'filings'];

/** S3 when both S3_ENDPOINT and S3_BUCKET are set (parseEnv refuses just one), else DATA_DIR/files. */
export function createStorageAdapter(env: Env): FileStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
  }
  return createDiskStorage(path.join(env.DATA_DIR, 'files'));
}

/**
 * The app's storage: the adapter the settings choose, or `adapter` when given (a test's own store),
 * always behind the encryption of ENCRYPTED_FOLDERS, so no configuration stores an SSN in clear.
 */
export function createStorage(
  env: Env,
  encryptionKey: string,
  adapter: FileStorage = createStorageAdapter(env),
): FileStorage {
  return encryptingStorage(adapter, encryptionKey, ENCRYPTED_FOLDERS);
}
