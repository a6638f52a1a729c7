import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption of single sensitive columns (the SSN) with AES-256-GCM, stored as
 * `v1:<iv b64>:<tag b64>:<ciphertext b64>`. The version prefix lets a later key or algorithm change
 * read old rows. `context` (for example the owner's id) is authenticated but not stored, so a
 * ciphertext copied into another row does not decrypt there.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class FieldDecryptionError extends Error {}

function keyBytes(keyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new Error('field encryption key must be 64 hex characters');
  return Buffer.from(keyHex, 'hex');
}

export function encryptField(plain: string, keyHex: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(keyHex), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

/** Throws FieldDecryptionError for a malformed value, a wrong key, a wrong context or tampered bytes. */
export function decryptField(stored: string, keyHex: string, context = ''): string {
  const key = keyBytes(keyHex);
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new FieldDecryptionError('unknown encrypted field format');
  const iv = Buffer.from(parts[1], 'base64');
  const tag = Buffer.from(parts[2], 'base64');
  const ciphertext = Buffer.from(parts[3], 'base64');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new FieldDecryptionError('bad encrypted field');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // Never echo the bytes: the message may end up in a log.
    throw new FieldDecryptionError('encrypted field failed authentication');
  }
}
