import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
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

/** The age encryption of `plain`, as a Node stream. */
export async function encryptStream(plain: NodeJS.ReadableStream, recipient: string): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const web = Readable.toWeb(Readable.from(plain)) as unknown as ReadableStream<Uint8Array>;
  return Readable.fromWeb((await encrypter.encrypt(web)) as import('node:stream/web').ReadableStream<Uint8Array>);
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
