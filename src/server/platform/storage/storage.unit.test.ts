import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createDiskStorage } from './disk-storage';
import { createStorage } from './index';
import { makeStorageKey } from './keys';
import { putNewFile } from './put-new-file';
import { createS3Storage } from './s3-storage';
import { type FileStorage, StorageKeyTakenError } from './storage';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const USER = 'user-3f2a9c';
let seq = 0;
/** A key no other test uses, so the suites can share one store. */
function freshKey(folder: 'ss4' | 'signed_ss4' | 'other' = 'ss4', kind: 'pdf' | 'png' = 'pdf'): string {
  seq += 1;
  return makeStorageKey(folder, USER, kind, 1_700_000_000_000 + seq * 1000);
}
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\nhello\x00\xff world'));

const BAD_KEYS = [
  '../secrets/auth-secret',
  'ss4/../../etc/passwd',
  '/etc/passwd',
  'ss4/user_1.exe',
  'tmp/user_1.pdf',
  'ss4/user_1.pdf/',
  'ss4\\user_1.pdf',
  '',
];

/** The behaviour every FileStorage must share; run once per adapter. */
function storageContract(name: string, open: () => FileStorage) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    beforeAll(() => {
      storage = open();
    });

    it('reads back exactly the bytes it stored, with size and content type', async () => {
      const key = freshKey();
      await storage.put(key, PDF, 'application/pdf');
      const file = await storage.get(key);
      expect(file).not.toBeNull();
      expect(file?.size).toBe(PDF.length);
      expect(file?.contentType).toBe('application/pdf');
      expect((await readAll(file?.body as Readable)).equals(Buffer.from(PDF))).toBe(true);
    });

    it('knows which keys exist', async () => {
      const key = freshKey('other', 'png');
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png');
      expect(await storage.exists(key)).toBe(true);
    });

    it('never overwrites: a second put on the key throws StorageKeyTakenError and keeps the first file', async () => {
      const key = freshKey();
      await storage.put(key, PDF, 'application/pdf');
      await expect(storage.put(key, new Uint8Array([1, 2, 3]), 'application/pdf')).rejects.toBeInstanceOf(
        StorageKeyTakenError,
      );
      const file = await storage.get(key);
      expect((await readAll(file?.body as Readable)).equals(Buffer.from(PDF))).toBe(true);
    });

    it('deletes, and deleting a missing key is fine', async () => {
      const key = freshKey('signed_ss4');
      await storage.put(key, PDF, 'application/pdf');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(freshKey())).resolves.toBeUndefined();
    });

    it('answers null for a key that was never stored', async () => {
      expect(await storage.get(freshKey())).toBeNull();
    });

    it.each(BAD_KEYS)('refuses the key %j in every method', async (key) => {
      await expect(storage.put(key, PDF, 'application/pdf')).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    });

    it('putNewFile moves one millisecond on when the key is taken', async () => {
      const at = 1_800_000_000_000 + seq++ * 1000;
      const file = {
        folder: 'ss4' as const,
        userId: USER,
        kind: 'pdf' as const,
        data: PDF,
        contentType: 'application/pdf',
      };
      const first = await putNewFile(storage, file, () => at);
      const second = await putNewFile(storage, { ...file, data: new Uint8Array(Buffer.from('%PDF-2')) }, () => at);
      expect(first).toBe(`ss4/${USER}_${at}.pdf`);
      expect(second).toBe(`ss4/${USER}_${at + 1}.pdf`);
      expect((await readAll((await storage.get(first))?.body as Readable)).toString()).toBe(
        Buffer.from(PDF).toString(),
      );
      expect((await readAll((await storage.get(second))?.body as Readable)).toString()).toBe('%PDF-2');
    });

    it('putNewFile uses the clock by default', async () => {
      const before = Date.now();
      const key = await putNewFile(storage, {
        folder: 'other',
        userId: USER,
        kind: 'png',
        data: new Uint8Array([0x89, 0x50]),
        contentType: 'image/png',
      });
      const stamp = Number(/_(\d+)\.png$/.exec(key)?.[1]);
      expect(key.startsWith(`other/${USER}_`)).toBe(true);
      expect(stamp).toBeGreaterThanOrEqual(before);
      expect(stamp).toBeLessThanOrEqual(Date.now() + 20);
    });
  });
}

const diskRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(diskRoot, { recursive: true, force: true }));

storageContract('disk', () => createDiskStorage(diskRoot));

describe('disk storage layout', () => {
  it('keeps files under the root by key and leaves no temporary files behind', async () => {
    const storage = createDiskStorage(diskRoot);
    const key = freshKey('signed_ss4');
    await storage.put(key, PDF, 'application/pdf');
    await expect(storage.put(key, PDF, 'application/pdf')).rejects.toBeInstanceOf(StorageKeyTakenError);
    const dir = path.join(diskRoot, 'signed_ss4');
    expect(await fs.readFile(path.join(dir, key.split('/')[1]))).toEqual(Buffer.from(PDF));
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

const BUCKET = 'portal-files';
let s3rver: S3rver | undefined;
let s3Endpoint = '';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
});
afterAll(async () => {
  await s3rver?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

storageContract('S3 (s3rver)', () =>
  createS3Storage({
    endpoint: s3Endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }),
);

describe('createStorage', () => {
  it('keeps files in DATA_DIR/files unless S3 is configured', async () => {
    const env = parseEnv({ DATA_DIR: diskRoot });
    const storage = createStorage(env);
    expect(storage.kind).toBe('disk');
    const key = freshKey();
    await storage.put(key, PDF, 'application/pdf');
    expect(await fs.readFile(path.join(diskRoot, 'files', ...key.split('/')))).toEqual(Buffer.from(PDF));
  });

  it('uses S3 when S3_ENDPOINT and S3_BUCKET are set', async () => {
    const env = parseEnv({
      DATA_DIR: diskRoot,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const storage = createStorage(env);
    expect(storage.kind).toBe('s3');
    const key = freshKey('other');
    await storage.put(key, PDF, 'application/pdf');
    expect(
      await createS3Storage({
        endpoint: s3Endpoint,
        bucket: BUCKET,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }).exists(key),
    ).toBe(true);
  });
});
