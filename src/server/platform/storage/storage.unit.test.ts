import { randomBytes } from 'node:crypto';
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
import { encryptingStorage, StorageDecryptionError } from './encrypting-storage';
import { createStorage, ENCRYPTED_FOLDERS } from './index';
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
function freshKey(folder: 'ss4' | 'signed_ss4' | 'ein' | 'other' = 'ss4', kind: 'pdf' | 'png' = 'pdf'): string {
  seq += 1;
  return makeStorageKey(folder, USER, kind, 1_700_000_000_000 + seq * 1000);
}
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\nhello\x00\xff world'));

const KEY_HEX = randomBytes(32).toString('hex');
/** What an SS-4 holds and the store must never show: the encryption tests look for it in the raw bytes. */
const SSN = '123-45-6789';
const MAGIC = Buffer.from([0x89, 0x45, 0x4e, 0x43]);
/** Header (magic, version, IV) plus the GCM tag. */
const OVERHEAD = 4 + 1 + 12 + 16;

/** A PDF-looking payload of exactly `size` bytes with the SSN in it wherever it fits. */
function ss4Bytes(size: number): Buffer {
  const body = Buffer.concat([Buffer.from(`%PDF-1.7\nSSN: ${SSN}\n`), randomBytes(Math.max(0, size))]);
  return body.subarray(0, size);
}

async function rawBytes(inner: FileStorage, key: string): Promise<Buffer> {
  const file = await inner.get(key);
  if (!file) throw new Error(`no raw file at ${key}`);
  return readAll(file.body);
}

/** Rewrites a file in the underlying store, as someone with access to the disk or bucket could. */
async function replaceRaw(inner: FileStorage, key: string, change: (raw: Buffer) => Buffer): Promise<void> {
  const raw = await rawBytes(inner, key);
  await inner.delete(key);
  await inner.put(key, change(Buffer.from(raw)), 'application/octet-stream');
}

/** The whole body through the wrapper; rejects whether get() refuses the file or its stream errors. */
async function readThrough(storage: FileStorage, key: string): Promise<Buffer> {
  const file = await storage.get(key);
  if (!file) throw new Error(`no file at ${key}`);
  return readAll(file.body);
}

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

/** Encryption at rest of the SS-4 folders, over one adapter; `openInner` is the store underneath. */
function encryptionContract(name: string, openInner: () => FileStorage) {
  describe(`encryption at rest over ${name} storage`, () => {
    let inner: FileStorage;
    let storage: FileStorage;
    beforeAll(() => {
      inner = openInner();
      storage = encryptingStorage(inner, KEY_HEX, ENCRYPTED_FOLDERS);
    });

    it.each(['ss4', 'signed_ss4', 'ein'] as const)(
      'keeps %s files encrypted in the store and gives back the exact bytes, size and type',
      async (folder) => {
        const data = ss4Bytes(1000);
        expect(data.includes(SSN)).toBe(true);
        const key = freshKey(folder);
        await storage.put(key, data, 'application/pdf');

        const raw = await rawBytes(inner, key);
        expect(raw.includes(SSN)).toBe(false);
        expect(raw.includes('%PDF')).toBe(false);
        expect(raw.subarray(0, 4)).toEqual(MAGIC);
        expect(raw.length).toBe(data.length + OVERHEAD);

        const file = await storage.get(key);
        expect(file?.size).toBe(data.length);
        expect(file?.contentType).toBe('application/pdf');
        expect((await readAll(file?.body as Readable)).equals(data)).toBe(true);
      },
    );

    it.each([0, 1, 15, 16, 17, 33, 65_536, 65_537, 5_242_880 - 7])(
      'round-trips %i bytes with size equal to the plaintext length',
      async (size) => {
        const data = ss4Bytes(size);
        const key = freshKey('ss4');
        await storage.put(key, data, 'application/pdf');
        expect((await rawBytes(inner, key)).length).toBe(size + OVERHEAD);
        const file = await storage.get(key);
        expect(file?.size).toBe(size);
        const back = await readAll(file?.body as Readable);
        expect(back.length).toBe(size);
        expect(back.equals(data)).toBe(true);
      },
    );

    it('decrypts a large file as a stream, chunk by chunk, not in one buffer', async () => {
      const data = ss4Bytes(5_242_880);
      const key = freshKey('ss4');
      await storage.put(key, data, 'application/pdf');
      const body = (await storage.get(key))?.body as Readable;
      const sizes: number[] = [];
      const chunks: Buffer[] = [];
      for await (const chunk of body) {
        sizes.push(chunk.length);
        chunks.push(chunk);
      }
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
      expect(sizes.length).toBeGreaterThan(8);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(1024 * 1024);
    });

    it('encrypts the same bytes differently each time (a fresh IV per file)', async () => {
      const data = ss4Bytes(100);
      const [a, b] = [freshKey('ss4'), freshKey('ss4')];
      await storage.put(a, data, 'application/pdf');
      await storage.put(b, data, 'application/pdf');
      const [rawA, rawB] = [await rawBytes(inner, a), await rawBytes(inner, b)];
      expect(rawA.subarray(5, 17).equals(rawB.subarray(5, 17))).toBe(false);
      expect(rawA.subarray(17).equals(rawB.subarray(17))).toBe(false);
    });

    it.each([
      ['a ciphertext byte', (raw: Buffer) => flip(raw, 17 + 10)],
      ['the last ciphertext byte', (raw: Buffer) => flip(raw, raw.length - 17)],
      ['a tag byte', (raw: Buffer) => flip(raw, raw.length - 1)],
      ['an IV byte', (raw: Buffer) => flip(raw, 5)],
      ['the version byte', (raw: Buffer) => flip(raw, 4)],
      ['a magic byte', (raw: Buffer) => flip(raw, 1)],
      ['the last byte cut off', (raw: Buffer) => raw.subarray(0, raw.length - 1)],
      ['the tag cut off', (raw: Buffer) => raw.subarray(0, raw.length - 16)],
      ['only the header left', (raw: Buffer) => raw.subarray(0, 17)],
      ['a byte appended', (raw: Buffer) => Buffer.concat([raw, Buffer.of(0)])],
    ])('refuses a file with %s', async (_what, change) => {
      const key = freshKey('ss4');
      await storage.put(key, ss4Bytes(70_000), 'application/pdf');
      await replaceRaw(inner, key, change);
      await expect(readThrough(storage, key)).rejects.toBeInstanceOf(StorageDecryptionError);
    });

    it.each([
      ['another key in the same folder', 'ss4'],
      ['another folder', 'signed_ss4'],
    ] as const)('refuses a file copied to %s', async (_what, folder) => {
      const key = freshKey('ss4');
      await storage.put(key, ss4Bytes(5000), 'application/pdf');
      const copy = freshKey(folder);
      await inner.put(copy, await rawBytes(inner, key), 'application/octet-stream');
      await expect(readThrough(storage, copy)).rejects.toBeInstanceOf(StorageDecryptionError);
      // The original still reads: only the moved copy fails.
      expect((await readThrough(storage, key)).length).toBe(5000);
    });

    it('refuses a file encrypted under another encryption key', async () => {
      const key = freshKey('ein');
      const other = encryptingStorage(inner, randomBytes(32).toString('hex'), ENCRYPTED_FOLDERS);
      await other.put(key, ss4Bytes(3000), 'application/pdf');
      await expect(readThrough(storage, key)).rejects.toBeInstanceOf(StorageDecryptionError);
    });

    it('stores files of the other folders as they are', async () => {
      const data = ss4Bytes(2000);
      const key = freshKey('other');
      await storage.put(key, data, 'application/pdf');
      expect((await rawBytes(inner, key)).equals(data)).toBe(true);
      const file = await storage.get(key);
      expect(file?.size).toBe(data.length);
      expect((await readAll(file?.body as Readable)).equals(data)).toBe(true);
    });

    it('still reads an SS-4 file stored in clear before encryption existed', async () => {
      const data = ss4Bytes(70_000);
      const key = freshKey('signed_ss4');
      await inner.put(key, data, 'application/pdf');
      const file = await storage.get(key);
      expect(file?.size).toBe(data.length);
      expect((await readAll(file?.body as Readable)).equals(data)).toBe(true);
    });

    it('refuses a clear file that is not of the kind its key names', async () => {
      const key = freshKey('ss4', 'png');
      await inner.put(key, ss4Bytes(500), 'image/png');
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageDecryptionError);
      const empty = freshKey('ss4');
      await inner.put(empty, new Uint8Array(0), 'application/pdf');
      await expect(storage.get(empty)).rejects.toBeInstanceOf(StorageDecryptionError);
    });

    it('answers null for a missing file and passes exists and delete through', async () => {
      const key = freshKey('ss4');
      expect(await storage.get(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, ss4Bytes(10), 'application/pdf');
      expect(await storage.exists(key)).toBe(true);
      expect(await inner.exists(key)).toBe(true);
      await storage.delete(key);
      expect(await inner.exists(key)).toBe(false);
    });

    it('refuses an encryption key that is not 64 hex characters', () => {
      expect(() => encryptingStorage(inner, 'abc', ENCRYPTED_FOLDERS)).toThrow(/64 hex/);
    });
  });
}

function flip(raw: Buffer, at: number): Buffer {
  raw[at] ^= 0x01;
  return raw;
}

const diskRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(diskRoot, { recursive: true, force: true }));

storageContract('disk', () => createDiskStorage(diskRoot));
storageContract('encrypted disk', () => encryptingStorage(createDiskStorage(diskRoot), KEY_HEX, ENCRYPTED_FOLDERS));
encryptionContract('disk', () => createDiskStorage(diskRoot));

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

  it('leaves no SSN in the file on disk when encrypting', async () => {
    const storage = encryptingStorage(createDiskStorage(diskRoot), KEY_HEX, ENCRYPTED_FOLDERS);
    const key = freshKey('ein');
    await storage.put(key, ss4Bytes(4096), 'application/pdf');
    const onDisk = await fs.readFile(path.join(diskRoot, ...key.split('/')));
    expect(onDisk.includes(SSN)).toBe(false);
    expect(onDisk.length).toBe(4096 + OVERHEAD);
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

const openS3 = () =>
  createS3Storage({
    endpoint: s3Endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
storageContract('S3 (s3rver)', openS3);
storageContract('encrypted S3 (s3rver)', () => encryptingStorage(openS3(), KEY_HEX, ENCRYPTED_FOLDERS));
encryptionContract('S3 (s3rver)', openS3);

describe('createStorage', () => {
  it('keeps files in DATA_DIR/files unless S3 is configured, the SS-4 folders encrypted', async () => {
    const env = parseEnv({ DATA_DIR: diskRoot });
    const storage = createStorage(env, KEY_HEX);
    expect(storage.kind).toBe('disk');
    const plain = freshKey('other');
    await storage.put(plain, PDF, 'application/pdf');
    expect(await fs.readFile(path.join(diskRoot, 'files', ...plain.split('/')))).toEqual(Buffer.from(PDF));
    const secret = freshKey('ss4');
    const data = ss4Bytes(300);
    await storage.put(secret, data, 'application/pdf');
    const onDisk = await fs.readFile(path.join(diskRoot, 'files', ...secret.split('/')));
    expect(onDisk.includes(SSN)).toBe(false);
    expect((await readThrough(storage, secret)).equals(data)).toBe(true);
  });

  it('encrypts over an adapter it is given, as bootstrap does with a test override', async () => {
    const inner = createDiskStorage(diskRoot);
    const storage = createStorage(parseEnv({ DATA_DIR: diskRoot }), KEY_HEX, inner);
    const key = freshKey('signed_ss4');
    await storage.put(key, ss4Bytes(300), 'application/pdf');
    expect((await rawBytes(inner, key)).includes(SSN)).toBe(false);
    expect((await readThrough(storage, key)).length).toBe(300);
  });

  it('uses S3 when S3_ENDPOINT and S3_BUCKET are set', async () => {
    const env = parseEnv({
      DATA_DIR: diskRoot,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const storage = createStorage(env, KEY_HEX);
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
