import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * TOTP with the parameters every authenticator app assumes: HMAC-SHA-1, 6 digits, 30-second steps from
 * the Unix epoch. The RFC 6238 / RFC 4226 arithmetic, base32 and the otpauth:// URI come from `otpauth`
 * (decision 0078); what stays ours is the replay rule in `matchingStep` (a used step never passes again)
 * and the throttling around it in two-factor.service.ts.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that are still accepted: a phone clock a little off, a code typed late. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;
const ALGORITHM = 'SHA1';

/** RFC 4648 base32 without padding: how authenticator apps take a key typed by hand or read from a QR code. */
export function base32Encode(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** Also takes a key as people copy it: lower case, grouped with spaces or dashes, padded. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  try {
    return Buffer.from(Secret.fromBase32(clean).bytes);
  } catch {
    throw new Error('not base32');
  }
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The time step a moment falls in. */
export function timeStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: nowMs });
}

function secretOf(key: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(key).buffer });
}

/** RFC 4226 HOTP of one counter value (the time step, for TOTP). */
export function hotp(secret: Buffer, counter: number): string {
  return HOTP.generate({ secret: secretOf(secret), algorithm: ALGORITHM, digits: TOTP_DIGITS, counter });
}

/** The code of `secretBase32` for the step `nowMs` falls in (what the phone shows). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return TOTP.generate({
    secret: secretOf(base32Decode(secretBase32)),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
  });
}

/**
 * The time step whose code `code` is, within the drift either side of now, and later than `lastStep`
 * (the step of the last code this account used): a code is accepted once, never twice in its window,
 * and never one older than a code already used. Null when none matches.
 *
 * `TOTP.validate` with a window stops at the first step that matches, nearest first; here each step is
 * asked on its own (window 0, the library's constant-time compare) so that every candidate costs the
 * same and a code that happens to match both a used and an unused step is judged by the unused one.
 */
export function matchingStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = secretOf(base32Decode(secretBase32));
  const now = timeStep(nowMs);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step += 1) {
    const same =
      HOTP.validate({ token: code, secret, algorithm: ALGORITHM, digits: TOTP_DIGITS, counter: step, window: 0 }) === 0;
    if (same && found === null && (lastStep === null || step > lastStep)) found = step;
  }
  return found;
}

/** The otpauth:// URI an authenticator app reads from the QR code (Google's Key Uri Format). */
export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    issuerInLabel: true,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
