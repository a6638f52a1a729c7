import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * better-auth's signed cookies (its session token) read without better-auth, for the per-request
 * session check (decision 0025). better-call signs a value as `<value>.<signature>`, where the signature
 * is the standard base64 (with padding) of HMAC-SHA256(secret, value), and URL-encodes the whole. Its
 * getSignedCookie reads the first cookie of that name, URL-decodes it when it holds a `%`, splits at the
 * last dot and accepts only a 44-character signature ending in `=`. This does the same, with node:crypto
 * instead of WebCrypto (an await and a key import per request there).
 */

/**
 * The value of cookie `name` in a Cookie header, decoded as better-call decodes it; undefined if absent.
 * Like better-call's parser, the first cookie of a name wins.
 */
export function readCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf('=', index);
    if (eqIdx === -1) return undefined;
    let endIdx = header.indexOf(';', index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    if (header.slice(index, eqIdx).trim() === name) {
      let value = header.slice(eqIdx + 1, endIdx).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      return tryDecode(value);
    }
    index = endIdx + 1;
  }
  return undefined;
}

function tryDecode(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/** better-call's signature of `value`: base64 HMAC-SHA256 with the secret. */
export function cookieSignature(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value, 'utf8').digest('base64');
}

/**
 * The value of a signed cookie whose signature is right; null when the cookie is absent, malformed or
 * signed with anything else. Stricter than atob in one corner only: a signature must be the canonical
 * base64 that better-call writes, so a re-encoded variant of a real signature is refused.
 */
export function verifySignedCookie(header: string, name: string, secret: string): string | null {
  const raw = readCookie(header, name);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = Buffer.from(cookieSignature(value, secret), 'utf8');
  // A character outside ASCII makes it longer than 44 bytes, and so refused.
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}
