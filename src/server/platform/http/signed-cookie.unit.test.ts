import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { cookieSignature, readCookie, verifySignedCookie } from './signed-cookie';

const SECRET = 'a-test-secret-of-some-length-0123456789';
const NAME = 'portal.session_token';

/** The Cookie header a browser sends back for better-call's Set-Cookie of `value`. */
async function betterCallCookie(value: string, secret = SECRET): Promise<string> {
  const setCookie = await serializeSignedCookie(NAME, value, secret, { path: '/' });
  return setCookie.split(';')[0];
}

describe('verifySignedCookie', () => {
  it('accepts the cookies better-call signs, whatever the token holds', async () => {
    for (const token of ['AbCdEf0123456789AbCdEf0123456789', 'with.dots.inside', 'ş+/=%;', 'x']) {
      const header = `lang=tr; ${await betterCallCookie(token)}; other=1`;
      expect(verifySignedCookie(header, NAME, SECRET)).toBe(token);
    }
  });

  it('signs as better-call does (base64 HMAC-SHA256)', async () => {
    const cookie = await betterCallCookie('tok');
    expect(decodeURIComponent(cookie.slice(NAME.length + 1))).toBe(`tok.${cookieSignature('tok', SECRET)}`);
  });

  it('refuses a changed signature, another secret, another token under a real signature, no signature', async () => {
    const good = decodeURIComponent((await betterCallCookie('token-a')).slice(NAME.length + 1));
    const sig = good.slice(good.lastIndexOf('.') + 1);
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const cases = [
      `token-a.${flipped}`,
      `token-b.${sig}`,
      decodeURIComponent((await betterCallCookie('token-a', 'another-secret-0123456789abcdef')).slice(NAME.length + 1)),
      'token-a',
      `token-a.${sig.slice(0, -1)}`,
      `token-a.${sig.replace(/=$/, '')}A`,
      `.${sig}`,
      `token-a.${sig.slice(0, -2)}\u00e9=`,
    ];
    for (const value of cases) {
      expect(verifySignedCookie(`${NAME}=${encodeURIComponent(value)}`, NAME, SECRET)).toBeNull();
    }
    expect(verifySignedCookie('', NAME, SECRET)).toBeNull();
    expect(verifySignedCookie('other=1', NAME, SECRET)).toBeNull();
  });

  it('reads the first cookie of the name, as better-call does', async () => {
    const good = await betterCallCookie('first');
    const other = await betterCallCookie('second');
    expect(verifySignedCookie(`${good}; ${other}`, NAME, SECRET)).toBe('first');
    expect(verifySignedCookie(`${NAME}=junk; ${good}`, NAME, SECRET)).toBeNull();
  });
});

describe('readCookie', () => {
  it('trims, unquotes and URL-decodes like better-call', () => {
    expect(readCookie('a=1; b = "x%20y" ;c=3', 'b')).toBe('x y');
    expect(readCookie('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
    expect(readCookie('a=1', 'b')).toBeUndefined();
    expect(readCookie('portal.session_token_x=1; portal.session_token=2', 'portal.session_token')).toBe('2');
  });
});
