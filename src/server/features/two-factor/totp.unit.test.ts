import { TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newTotpSecret,
  otpauthUri,
  timeStep,
  totpCode,
} from './totp.service';

// RFC 6238 appendix B's SHA-1 key, "12345678901234567890", and its 8-digit codes; 6 digits are their last six.
const RFC_KEY = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [seconds: number, code8: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it.each(RFC_VECTORS)('at %i s gives the last six digits of %s', (seconds, code8) => {
    expect(totpCode(RFC_KEY, seconds * 1000)).toBe(code8.slice(2));
  });

  it('matches RFC 4226 appendix D for HOTP', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(Buffer.from('12345678901234567890'), i))).toEqual(expected);
  });

  it('round-trips base32 as authenticator apps write it (RFC 4648, no padding)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts one step either side of now, only later than the last used step, and nothing else', () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    const key = base32Decode(RFC_KEY);
    expect(matchingStep(RFC_KEY, hotp(key, step), now, null)).toBe(step);
    expect(matchingStep(RFC_KEY, hotp(key, step - 1), now, null)).toBe(step - 1);
    expect(matchingStep(RFC_KEY, hotp(key, step + 1), now, null)).toBe(step + 1);
    expect(matchingStep(RFC_KEY, hotp(key, step - 2), now, null)).toBeNull();
    expect(matchingStep(RFC_KEY, hotp(key, step + 2), now, null)).toBeNull();
    // Used once: the same step, or an older one, is refused.
    expect(matchingStep(RFC_KEY, hotp(key, step), now, step)).toBeNull();
    expect(matchingStep(RFC_KEY, hotp(key, step - 1), now, step)).toBeNull();
    expect(matchingStep(RFC_KEY, hotp(key, step + 1), now, step)).toBe(step + 1);
    expect(matchingStep(RFC_KEY, '12345', now, null)).toBeNull();
    expect(matchingStep(RFC_KEY, 'abcdef', now, null)).toBeNull();
  });

  it('writes the otpauth URI apps read, with the issuer in the label and as a parameter', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'ABD Şirket Kurulum Portalı', 'ayşe@example.com');
    expect(uri).toBe(
      'otpauth://totp/ABD%20%C5%9Eirket%20Kurulum%20Portal%C4%B1:ay%C5%9Fe%40example.com?issuer=ABD%20%C5%9Eirket%20Kurulum%20Portal%C4%B1&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    );
    // What an app reads back: the same key, issuer, account and parameters the portal checks codes with.
    const read = URI.parse(uri);
    expect(read).toBeInstanceOf(TOTP);
    expect(read).toMatchObject({ issuer: 'ABD Şirket Kurulum Portalı', label: 'ayşe@example.com', algorithm: 'SHA1' });
    expect((read as TOTP).period).toBe(30);
    expect(read.digits).toBe(6);
    expect(read.secret.base32).toBe('JBSWY3DPEHPK3PXP');
  });

  it('makes 160-bit keys, different each time', () => {
    const a = newTotpSecret();
    expect(base32Decode(a)).toHaveLength(20);
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });
});
