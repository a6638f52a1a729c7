import { createCipheriv, createDecipheriv, type DecipherGCM, hkdfSync, randomBytes } from 'node:crypto';
import { PassThrough, pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { detectFileKind, FILE_KIND_INFO, FILE_SIGNATURE_BYTES } from '../../../shared/domain/files';
import { assertStorageKey, contentTypeOfKey } from './guard';
import type { FileStorage, StoredFile } from './storage';

/**
 * Encryption at rest for the folders that hold an SSN (ARCHITECTURE.md "Data"), around any adapter.
 *
 * An encrypted file is, byte for byte:
 *
 *   magic "\x89ENC" (4) | version 0x01 (1) | IV (12) | AES-256-GCM ciphertext (= plaintext length) | tag (16)
 *
 * - The non-ASCII first byte and "ENC" can never begin a stored plain file: uploads are only accepted
 *   when they start with a PDF, PNG or JPEG signature, none of which begins like this.
 * - Version 1 encrypts with a key derived by HKDF-SHA256 from the app's encryptionKey (the one that
 *   also encrypts the SSN column), info "portal file storage v1", no salt: one secret to keep, but the
 *   files and the column never share an AES key, so their random IVs do not share a collision budget.
 * - The AAD is magic | version | the storage key in UTF-8. A file copied or renamed to another key
 *   (another user's, or out of an SS-4 folder's history) fails authentication instead of decrypting.
 * - The tag sits at the end so that writing and reading can both stream; a reader only learns that the
 *   bytes were genuine when the last ones arrive (see decryptStream).
 *
 * Files under these folders written before encryption existed have no magic. They are still served,
 * as plain, but only when they begin with the signature of the kind their key's extension names (what
 * the upload check guaranteed when they were stored); anything else is refused. So old data
 * directories and buckets keep working without a migration, and a damaged encrypted header is an error
 * rather than ciphertext sent as if it were the document. The cost: someone able to write into the
 * store could plant a plain file there; encryption at rest protects what a copy of the store reveals,
 * and that attacker could delete or replace files anyway.
 */
const MAGIC = Buffer.from([0x89, 0x45, 0x4e, 0x43]);
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES;
/** Enough bytes to tell an encrypted file (whole header) from a plain one (its signature). */
const HEAD_BYTES = Math.max(HEADER_BYTES, FILE_SIGNATURE_BYTES);
/** Encrypting in slices keeps a put's peak memory near the upload plus its ciphertext. */
const SLICE_BYTES = 64 * 1024;

/** A stored file that cannot be read back as what was stored: damaged, moved, or a wrong key. */
export class StorageDecryptionError extends Error {}

function fileKey(keyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new Error('file encryption key must be 64 hex characters');
  return Buffer.from(hkdfSync('sha256', Buffer.from(keyHex, 'hex'), Buffer.alloc(0), 'portal file storage v1', 32));
}

function aad(storageKey: string): Buffer {
  return Buffer.concat([MAGIC, Buffer.of(VERSION), Buffer.from(storageKey, 'utf8')]);
}

function encrypt(key: Buffer, storageKey: string, data: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(storageKey));
  const out = Buffer.allocUnsafe(HEADER_BYTES + data.length + TAG_BYTES);
  let at = MAGIC.copy(out, 0);
  at = out.writeUInt8(VERSION, at);
  at += iv.copy(out, at);
  for (let i = 0; i < data.length; i += SLICE_BYTES) {
    at += cipher.update(data.subarray(i, i + SLICE_BYTES)).copy(out, at);
  }
  at += cipher.final().copy(out, at);
  at += cipher.getAuthTag().copy(out, at);
  // GCM's output is exactly as long as its input; anything else would leave unset bytes in `out`.
  if (at !== out.length) throw new Error('encrypted length mismatch');
  return out;
}

/**
 * Decrypts as the bytes arrive, always holding back the last 16 (the tag may be in them), and checks
 * the tag when the input ends. Plaintext is therefore passed on before it is authenticated: a damaged
 * file is noticed only at the end, and the stream then errors instead of ending. A consumer must treat
 * only a stream that ended as the file; the download route does, because an errored body aborts the
 * response before it is complete (the client sees a cut connection, never a finished download).
 */
class DecryptStream extends Transform {
  private tail: Buffer = Buffer.alloc(0);

  constructor(private readonly decipher: DecipherGCM) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const bytes = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    const cut = bytes.length - TAG_BYTES;
    if (cut <= 0) {
      this.tail = bytes;
      callback();
      return;
    }
    // A copy, so the held-back bytes do not keep the whole chunk alive.
    this.tail = Buffer.from(bytes.subarray(cut));
    callback(null, this.decipher.update(bytes.subarray(0, cut)));
  }

  override _flush(callback: TransformCallback): void {
    if (this.tail.length !== TAG_BYTES) {
      callback(new StorageDecryptionError('encrypted file is truncated'));
      return;
    }
    try {
      this.decipher.setAuthTag(this.tail);
      callback(null, this.decipher.final());
    } catch {
      // Never echo bytes: the message may end up in a log.
      callback(new StorageDecryptionError('encrypted file failed authentication'));
    }
  }
}

/**
 * Up to `n` bytes from the start of `body`, fewer only when it ends first; the rest stays unread in
 * `body`, apart from whatever the last chunk held beyond `n`, which is returned too.
 */
function readHead(body: Readable, n: number): Promise<{ head: Buffer; more: Buffer }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      body.off('readable', onReadable);
      body.off('end', onEnd);
      body.off('error', onError);
      const all = Buffer.concat(chunks);
      resolve({ head: all.subarray(0, n), more: all.subarray(n) });
    };
    const onReadable = () => {
      while (length < n) {
        const chunk: Buffer | null = body.read();
        if (chunk === null) return;
        chunks.push(chunk);
        length += chunk.length;
      }
      done();
    };
    const onEnd = () => done();
    const onError = (err: Error) => {
      body.off('readable', onReadable);
      body.off('end', onEnd);
      reject(err);
    };
    body.on('readable', onReadable);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}

/** `first`, then the rest of `source`, through `target`; an error on either side destroys both. */
function continueInto(source: Readable, first: Buffer, target: Transform): Readable {
  if (first.length) target.write(first);
  // The error reaches the consumer through `target`, which pipeline destroys with it.
  pipeline(source, target, () => {});
  return target;
}

function isPlainOfItsKind(storageKey: string, head: Buffer): boolean {
  const kind = detectFileKind(head);
  return !!kind && storageKey.endsWith(`.${FILE_KIND_INFO[kind].extension}`);
}

/** `inner`, with the files under `folders` encrypted at rest; see the format above. */
export function encryptingStorage(inner: FileStorage, keyHex: string, folders: readonly string[]): FileStorage {
  const key = fileKey(keyHex);
  const encrypted = new Set(folders);
  const encrypts = (storageKey: string) => {
    assertStorageKey(storageKey);
    return encrypted.has(storageKey.slice(0, storageKey.indexOf('/')));
  };

  async function open(storageKey: string, file: StoredFile): Promise<StoredFile> {
    const { head, more } = await readHead(file.body, HEAD_BYTES);
    if (head.subarray(0, MAGIC.length).equals(MAGIC)) {
      if (head.length < HEADER_BYTES || file.size < HEADER_BYTES + TAG_BYTES) {
        throw new StorageDecryptionError('encrypted file is truncated');
      }
      const version = head[MAGIC.length];
      if (version !== VERSION) throw new StorageDecryptionError(`unknown encrypted file version ${version}`);
      const iv = head.subarray(MAGIC.length + 1, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(storageKey));
      const rest = Buffer.concat([head.subarray(HEADER_BYTES), more]);
      return {
        body: continueInto(file.body, rest, new DecryptStream(decipher)),
        size: file.size - HEADER_BYTES - TAG_BYTES,
        contentType: contentTypeOfKey(storageKey),
      };
    }
    if (!isPlainOfItsKind(storageKey, head)) {
      throw new StorageDecryptionError('stored file is neither encrypted nor a plain file of its kind');
    }
    return { ...file, body: continueInto(file.body, Buffer.concat([head, more]), new PassThrough()) };
  }

  return {
    kind: inner.kind,

    async put(storageKey, data, contentType) {
      if (!encrypts(storageKey)) return inner.put(storageKey, data, contentType);
      // The store sees only ciphertext, so it is not labelled as the document's type.
      await inner.put(storageKey, encrypt(key, storageKey, data), 'application/octet-stream');
    },

    async get(storageKey) {
      if (!encrypts(storageKey)) return inner.get(storageKey);
      const file = await inner.get(storageKey);
      if (!file) return null;
      try {
        return await open(storageKey, file);
      } catch (err) {
        file.body.destroy();
        throw err;
      }
    },

    exists: (storageKey) => inner.exists(storageKey),
    delete: (storageKey) => inner.delete(storageKey),
  };
}
