import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { signUp, type TestApp } from '../../../../tests/support/test-app';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

/** Raw bytes: the test client reads non-JSON bodies as text, which would mangle a PDF. */
async function download(cookie: string, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.request(`http://localhost:3000/api/guides/business-address.pdf${query}`, {
    headers: { cookie, ...headers },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function signedInCookie() {
  const c = t.client();
  await signUp(c);
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('GET /api/guides/business-address.pdf', () => {
  it.each([
    { lang: 'tr', filename: 'abd-is-adresi-rehberi.pdf' },
    { lang: 'en', filename: 'us-business-address-guide.pdf' },
  ])('sends the $lang PDF as an attachment', async ({ lang, filename }) => {
    const { res, bytes } = await download(await signedInCookie(), `?lang=${lang}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    expect(bytes.length).toBeGreaterThan(5000);
  });

  it('falls back to the caller language without ?lang=', async () => {
    const cookie = await signedInCookie();
    const en = await download(cookie, '', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.res.headers.get('content-disposition')).toContain('us-business-address-guide.pdf');
    const tr = await download(cookie);
    expect(tr.res.headers.get('content-disposition')).toContain('abd-is-adresi-rehberi.pdf');
  });

  it('refuses an unknown language with 400', async () => {
    const { res, bytes } = await download(await signedInCookie(), '?lang=de');
    expect(res.status).toBe(400);
    expect(JSON.parse(bytes.toString('utf8')).error.fields.lang).toBe('validation.invalid');
  });
});
