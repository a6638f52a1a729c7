import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../../../scripts/build/compress.mjs';
import type { AppEnv } from './context';
import { mountSpa } from './spa';

// A tiny stand-in for dist/web: what vite writes (hashed assets, index.html, its manifest) and the
// siblings scripts/build/compress.mjs adds, without running a real build.
const js = (name: string) => `export const ${name} = ${JSON.stringify('x'.repeat(40))};\n`.repeat(60);
const INDEX = `<!doctype html>
<html lang="tr">
  <head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-CCCC.js">
  </head>
  <body><div id="root"><div role="status"><span class="sr-only" data-boot-status>Yükleniyor...</span></div></div></body>
</html>
`;
// index.html as a path the router alone knows gets it: with the Turkish core texts named.
const PAGE = INDEX.replace(
  '  </head>',
  '    <link rel="modulepreload" crossorigin href="/assets/core.tr-TTTT.js">\n  </head>',
);
const MANIFEST = {
  'index.html': { file: 'assets/index-AAAA.js', isEntry: true, imports: ['_shared-CCCC.js'] },
  '_shared-CCCC.js': { file: 'assets/shared-CCCC.js' },
  '_form-FFFF.js': { file: 'assets/form-FFFF.js', imports: ['_shared-CCCC.js'] },
  'features/auth/pages/SignInPage.tsx': {
    file: 'assets/SignInPage-BBBB.js',
    isDynamicEntry: true,
    imports: ['_shared-CCCC.js', 'index.html', '_form-FFFF.js'],
    css: ['assets/SignInPage-DDDD.css'],
  },
  'lib/messages/core.tr.ts': { file: 'assets/core.tr-TTTT.js', isDynamicEntry: true },
  'lib/messages/core.en.ts': { file: 'assets/core.en-NNNN.js', isDynamicEntry: true },
  '../shared/i18n/tr/auth.json': { file: 'assets/auth-TR00.js', isDynamicEntry: true },
  '../shared/i18n/en/auth.json': { file: 'assets/auth-EN00.js', isDynamicEntry: true },
};

let dist: string;
let app: Hono<AppEnv>;
const files: Record<string, Buffer> = {};

function put(rel: string, content: string | Buffer) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  files[rel] = readFileSync(file);
}

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  put('index.html', INDEX);
  put('assets/index-AAAA.js', js('entry'));
  put('assets/SignInPage-BBBB.js', js('signIn'));
  put('assets/form-FFFF.js', js('form'));
  put('assets/shared-CCCC.js', 'export const small = 1;\n');
  put('assets/SignInPage-DDDD.css', '.a{color:red}\n'.repeat(200));
  put('assets/logo-EEEE.png', Buffer.alloc(4096, 7));
  put('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  put('.vite/manifest.json', JSON.stringify(MANIFEST, null, 2).padEnd(2048));
  compressDir(dist);
  app = new Hono<AppEnv>();
  mountSpa(app, dist);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => app.request(p, { method, headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('precompressed siblings', () => {
  it('decode to the original bytes, for text files of 1 KB or more only', () => {
    for (const rel of ['assets/index-AAAA.js', 'assets/SignInPage-DDDD.css', 'favicon.svg']) {
      const file = path.join(dist, rel);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(files[rel])).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(files[rel])).toBe(true);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(files[rel].length);
    }
    const notCompressed = ['assets/shared-CCCC.js', 'assets/logo-EEEE.png', '.vite/manifest.json'];
    for (const rel of notCompressed) expect(() => readFileSync(path.join(dist, `${rel}.gz`))).toThrow();
  });
});

describe('hashed assets', () => {
  const original = () => files['assets/index-AAAA.js'];

  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['gzip;q=0, br;q=0', null, (b: Buffer) => b],
    ['', null, (b: Buffer) => b],
  ] as const)('Accept-Encoding %j is answered with %s', async (accept, encoding, decode) => {
    const res = await get('/assets/index-AAAA.js', accept ? { 'Accept-Encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(decode(body).equals(original())).toBe(true);
  });

  it('sends a file without siblings as it is, whatever the client accepts', async () => {
    const res = await get('/assets/logo-EEEE.png', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bytes(res)).equals(files['assets/logo-EEEE.png'])).toBe(true);
  });

  it('answers an unknown asset with 404, not the web app', async () => {
    const res = await get('/assets/index-OLD1.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<html');
    expect((await get('/assets/index-AAAA.js.br')).status).toBe(404);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await get('/assets/index-AAAA.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(res.headers.get('content-length'))).toBe(
      readFileSync(path.join(dist, 'assets/index-AAAA.js.gz')).length,
    );
    expect((await bytes(res)).length).toBe(0);
  });

  it('keeps the manifest to the server, and unhashed files briefly cached', async () => {
    expect(await (await get('/.vite/manifest.json')).text()).not.toContain('isEntry');
    const icon = await get('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(brotliDecompressSync(await bytes(icon)).equals(files['favicon.svg'])).toBe(true);
  });
});

describe('index.html', () => {
  it('is revalidated through a strong ETag and answered 304 when it matches', async () => {
    const res = await get('/somewhere');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await res.text()).toBe(PAGE);

    const again = await get('/somewhere', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await bytes(again)).length).toBe(0);
    expect((await get('/elsewhere', { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get('/somewhere', { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('is sent compressed when the client accepts it, with its own ETag per encoding', async () => {
    const plain = await get('/somewhere');
    const br = await get('/somewhere', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(PAGE);
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const gz = await get('/somewhere', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(PAGE);
    const head = await get('/somewhere', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers.get('content-length')).toBe(gz.headers.get('content-length'));
    expect((await bytes(head)).length).toBe(0);
  });

  it("preloads the route's chunks and CSS, leaving out what the entry already loads", async () => {
    const html = await (await get('/signin')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/SignInPage-BBBB.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/form-FFFF.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/SignInPage-DDDD.css">');
    expect(head.match(/shared-CCCC/g)).toHaveLength(1);
    expect(head).not.toContain('href="/assets/index-AAAA.js"');
    const other = await get('/no-such-page');
    const otherHead = (await other.text()).split('</head>')[0];
    expect(otherHead).not.toContain('SignInPage');
    expect((await get('/signin')).headers.get('etag')).not.toBe(other.headers.get('etag'));
  });

  it('names the texts of the language the app will show, and says that language in <html lang>', async () => {
    const links = (html: string) => html.split('</head>')[0].match(/href="[^"]+"/g) ?? [];
    // No choice made: Turkish, whatever Accept-Language says (the app does not read it).
    const tr = await (await get('/signin', { 'Accept-Language': 'en-US' })).text();
    expect(tr).toContain('<html lang="tr">');
    expect(links(tr)).toEqual(
      expect.arrayContaining(['href="/assets/core.tr-TTTT.js"', 'href="/assets/auth-TR00.js"']),
    );
    expect(tr).not.toMatch(/core\.en|auth-EN00/);

    const byCookie = await get('/signin', { Cookie: 'lang=en' });
    expect(byCookie.headers.get('vary')).toContain('Cookie');
    const en = await byCookie.text();
    expect(en).toContain('<html lang="en">');
    expect(links(en)).toEqual(
      expect.arrayContaining(['href="/assets/core.en-NNNN.js"', 'href="/assets/auth-EN00.js"']),
    );
    expect(en).not.toMatch(/core\.tr|auth-TR00/);

    // ?lang= wins over the cookie, as in the app; a page without sections still gets the core texts.
    const byQuery = await (await get('/no-such-page?lang=en', { Cookie: 'lang=tr' })).text();
    expect(byQuery).toContain('<html lang="en">');
    expect(links(byQuery)).toEqual(['href="/assets/shared-CCCC.js"', 'href="/assets/core.en-NNNN.js"']);

    // The loading indicator painted before the scripts run speaks the same language.
    expect(tr).toContain('<span class="sr-only" data-boot-status>Yükleniyor...</span>');
    expect(en).toContain('<span class="sr-only" data-boot-status>Loading...</span>');
  });
});

describe('a build that changes or is missing', () => {
  it('serves the new index.html after a rebuild under a running server', async () => {
    const file = path.join(dist, 'index.html');
    const before = (await get('/x')).headers.get('etag');
    writeFileSync(file, INDEX.replace('Portal', 'Portal 2'));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const res = await get('/x');
    expect(await res.text()).toContain('Portal 2');
    expect(res.headers.get('etag')).not.toBe(before);
    writeFileSync(file, INDEX);
  });

  it('says the web app is not built when there is no index.html', async () => {
    const empty = new Hono<AppEnv>();
    mountSpa(empty, path.join(dist, 'missing'));
    const res = await empty.request('/signin');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
