import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, contentTypeOfKey } from './guard';
import { isStorageKey } from './keys';
import { type FileStorage, StorageKeyTakenError } from './storage';

export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  region?: string;
  /** Both unset: the SDK's default credential chain (instance role, AWS_* variables...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** S3-compatible stores (MinIO, R2, s3rver...) mostly want bucket-in-path addressing. */
  forcePathStyle?: boolean;
}

/** The HTTP status of an S3 service error (what S3ServiceException carries), without loading the SDK to ask. */
function status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

const isMissing = (err: unknown) => status(err) === 404 || (err as Error)?.name === 'NoSuchKey';

/**
 * A bucket on any S3-compatible store. No overwrite is enforced twice: HeadObject refuses a key that
 * exists (the only guard on stores that ignore conditional writes, s3rver among them), and the
 * PutObject carries If-None-Match: * so stores that honour it (AWS S3, MinIO, R2) also refuse the
 * race between the two calls with 412. A store that answers 501 to the header is written without it.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  // The SDK weighs about 10 MB of memory; a portal on local files never loads it, one on S3 at its first file.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null;
  const s3 = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk) }));
    return loaded;
  };
  const newClient = (sdk: typeof import('@aws-sdk/client-s3')) =>
    new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region ?? 'us-east-1',
      forcePathStyle: config.forcePathStyle ?? true,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // The SDK's default extra checksums are rejected by several S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = config.bucket;
  let conditionalWrites = true;

  async function exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    try {
      const { sdk, client } = await s3();
      await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async function write(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const IfNoneMatch = conditionalWrites ? '*' : undefined;
    const { sdk, client } = await s3();
    try {
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, IfNoneMatch }),
      );
    } catch (err) {
      // 412: another upload took the key after our HeadObject; 409: a conditional write raced.
      if (status(err) === 412 || status(err) === 409) throw new StorageKeyTakenError(key);
      if (status(err) === 501 && IfNoneMatch) {
        conditionalWrites = false;
        return write(key, data, contentType);
      }
      throw err;
    }
  }

  return {
    kind: 's3',
    exists,

    async put(key, data, contentType) {
      assertStorageKey(key);
      if (await exists(key)) throw new StorageKeyTakenError(key);
      await write(key, data, contentType);
    },

    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return {
          // In Node the SDK's body is an http.IncomingMessage, i.e. a Readable.
          body: res.Body as Readable,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? contentTypeOfKey(key),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a missing key too, which is what the interface asks for.
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      const { sdk, client } = await s3();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
