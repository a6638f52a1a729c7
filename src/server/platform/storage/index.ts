import path from 'node:path';
import type { Env } from '../../env';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/** S3 when both S3_ENDPOINT and S3_BUCKET are set (parseEnv refuses just one), else DATA_DIR/files. */
export function createStorage(env: Env): FileStorage {
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
