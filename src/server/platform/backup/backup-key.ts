import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';

/**
 * The backup key (decision 0071): an age X25519 identity (`AGE-SECRET-KEY-1…`) kept off the server, and
 * its recipient (`age1…`), which is all a backup needs. age (the format, through typage) rather than our
 * own chunked AES-GCM: a reviewed format whose header is MAC'd and whose body is STREAM chunks of
 * ChaCha20-Poly1305, so a changed byte anywhere, a cut or a reordered chunk fails to decrypt.
 */
export class BackupKeyError extends Error {}

export const BACKUP_KEY_HELP =
  'Make one with `npm run backup -- --new-key`: keep the secret key (AGE-SECRET-KEY-1…) off the server (a password manager, the operator’s safe) and give the server only its recipient, BACKUP_RECIPIENT=age1…';

/** The recipient a backup is encrypted to: BACKUP_RECIPIENT, or the one derived from BACKUP_KEY. */
export async function backupRecipient(env: { BACKUP_KEY?: string; BACKUP_RECIPIENT?: string }): Promise<string> {
  const derived = env.BACKUP_KEY ? await identityToRecipient(env.BACKUP_KEY) : undefined;
  if (derived && env.BACKUP_RECIPIENT && derived !== env.BACKUP_RECIPIENT)
    throw new BackupKeyError(
      'BACKUP_KEY and BACKUP_RECIPIENT are not a pair: set the recipient of that key, or one of them',
    );
  const recipient = env.BACKUP_RECIPIENT ?? derived;
  if (!recipient) throw new BackupKeyError(`No backup key: backups are only written encrypted.\n${BACKUP_KEY_HELP}`);
  return recipient;
}

export async function newBackupKey(): Promise<{ key: string; recipient: string }> {
  const key = await generateX25519Identity();
  return { key, recipient: await identityToRecipient(key) };
}

/**
 * age authenticates the bytes under a file key the writer picks, and the recipient is public by design:
 * anyone who knows it can write a whole new archive that decrypts fine. So the writer also proves it is
 * this portal: an HMAC-SHA256 of the archive under a key derived (HKDF) from the data key, which the
 * backup store never sees and restore has back before it starts. The data key itself is not used.
 */
export function backupOriginKey(dataKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(dataKey, 'utf8'), Buffer.alloc(0), 'portal backup origin v1', 32));
}

const ORIGIN_MAC_BYTES = 32;

/** `plain` followed by its origin HMAC, age-encrypted to `recipient`, as a Node stream. */
export async function sealStream(
  plain: NodeJS.ReadableStream,
  recipient: string,
  originKey: Buffer,
): Promise<Readable> {
  const mac = createHmac('sha256', originKey);
  const withMac = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      mac.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(null, mac.digest());
    },
  });
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const web = Readable.toWeb(Readable.from(plain).pipe(withMac)) as unknown as ReadableStream<Uint8Array>;
  return Readable.fromWeb((await encrypter.encrypt(web)) as import('node:stream/web').ReadableStream<Uint8Array>);
}

/**
 * Checks the origin HMAC at the end of the decrypted file `file` and cuts it off, leaving the archive.
 * Returns false (and leaves the file) when it is not this portal's.
 */
export async function checkAndStripOrigin(file: string, originKey: Buffer): Promise<boolean> {
  const handle = await open(file, 'r');
  let size: number;
  const trailer = Buffer.alloc(ORIGIN_MAC_BYTES);
  try {
    size = (await handle.stat()).size - ORIGIN_MAC_BYTES;
    if (size < 0) return false;
    await handle.read(trailer, 0, ORIGIN_MAC_BYTES, size);
  } finally {
    await handle.close();
  }
  const mac = createHmac('sha256', originKey);
  if (size > 0) for await (const chunk of createReadStream(file, { end: size - 1 })) mac.update(chunk as Buffer);
  if (!timingSafeEqual(mac.digest(), trailer)) return false;
  await truncate(file, size);
  return true;
}

/**
 * Decrypts the age file `from` into a new file `to` (mode 0600). Throws when the key does not open it
 * or any byte fails authentication; the caller must not read `to` unless this resolved, since the
 * last chunk is only proven at the end.
 */
export async function decryptToFile(from: string, to: string, identity: string): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  const web = Readable.toWeb(createReadStream(from)) as unknown as ReadableStream<Uint8Array>;
  const plain = await decrypter.decrypt(web);
  await pipeline(
    Readable.fromWeb(plain as import('node:stream/web').ReadableStream<Uint8Array>),
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  );
}
