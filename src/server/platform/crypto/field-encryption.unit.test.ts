import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, encryptField, FieldDecryptionError } from './field-encryption';

const key = randomBytes(32).toString('hex');
const otherKey = randomBytes(32).toString('hex');

/** Flips one bit of the given base64 part (1 iv, 2 tag, 3 ciphertext). */
function tamper(stored: string, part: 1 | 2 | 3): string {
  const parts = stored.split(':');
  const bytes = Buffer.from(parts[part], 'base64');
  bytes[0] ^= 0x01;
  parts[part] = bytes.toString('base64');
  return parts.join(':');
}

describe('field encryption', () => {
  it('round-trips, with the documented v1:iv:tag:ciphertext shape and no plaintext inside', () => {
    const stored = encryptField('123456789', key, 'user-1');
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const [, iv, tag] = stored.split(':');
    expect(Buffer.from(iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64')).toHaveLength(16);
    expect(stored).not.toContain('123456789');
    expect(decryptField(stored, key, 'user-1')).toBe('123456789');
  });

  it('uses a fresh IV each time, so equal SSNs do not give equal values', () => {
    const a = encryptField('123456789', key);
    const b = encryptField('123456789', key);
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
    expect(decryptField(a, key)).toBe(decryptField(b, key));
  });

  it('keeps non-ASCII text intact', () => {
    expect(decryptField(encryptField('Şirket ğüı', key), key)).toBe('Şirket ğüı');
  });

  it.each([1, 2, 3] as const)('refuses a value whose part %i was altered', (part) => {
    const stored = encryptField('123456789', key);
    expect(() => decryptField(tamper(stored, part), key)).toThrow(FieldDecryptionError);
  });

  it('refuses the wrong key and the wrong context', () => {
    const stored = encryptField('123456789', key, 'user-1');
    expect(() => decryptField(stored, otherKey, 'user-1')).toThrow(FieldDecryptionError);
    expect(() => decryptField(stored, key, 'user-2')).toThrow(FieldDecryptionError);
  });

  it.each(['', '123456789', 'v2:a:b:c', 'v1:a:b', 'v1:::'])('refuses the malformed value %j', (value) => {
    expect(() => decryptField(value, key)).toThrow(FieldDecryptionError);
  });

  it('refuses keys that are not 64 hex characters', () => {
    expect(() => encryptField('1', 'abc')).toThrow(/64 hex/);
    expect(() => encryptField('1', 'z'.repeat(64))).toThrow(/64 hex/);
    expect(() => decryptField(encryptField('1', key), key.slice(2))).toThrow(/64 hex/);
  });
});
