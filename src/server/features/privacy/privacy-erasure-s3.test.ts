/**
 * The proof of erasure (decision 0047) with the files in S3 (s3rver), on the engine of the run: the
 * same journey as privacy.test.ts's disk run, and afterwards every object of the bucket, listed and read
 * through the S3 API itself rather than the portal's adapter, free of the customer's bytes and keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';
import { exportThenEraseJourney, type PrivacyContext, privacyContext } from './privacy-erasure.fixtures';

const BUCKET = 'portal-erasure-proof';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'portal-erasure-s3-'));
let s3rver: S3rver | undefined;
let s3: S3Client | undefined;
let t: TestApp;
let ctx: PrivacyContext;

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
  const endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  ctx = await privacyContext(t);
});
afterAll(async () => {
  await t?.close();
  s3?.destroy();
  await s3rver?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

/** Every object of the bucket, key → the bytes S3 holds (ciphertext for the encrypted folders). */
async function listBucket(): Promise<Map<string, Buffer>> {
  const client = s3 as S3Client;
  const objects = new Map<string, Buffer>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key }));
      objects.set(Key, Buffer.from((await object.Body?.transformToByteArray()) ?? []));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

describe('erasure with the files in S3 (decision 0047)', () => {
  it('leaves no personal byte in any table or any object of the bucket', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    await exportThenEraseJourney(ctx, listBucket);
  });
});
