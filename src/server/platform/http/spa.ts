import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { BootData } from '../../../shared/contracts/boot';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '../../../shared/i18n/languages';
import { TIME_ZONE_COOKIE } from '../../../shared/routes/first-view';
import type { PageRoute } from '../../../shared/routes/route-table';
import { chooseEncoding } from './accept-encoding';
import type { AppEnv } from './context';
import { firstViewLoader } from './first-view';
import { pageRouteForPath } from './route-modules';
import { bytesOf, encodingsOf, type HtmlPage, webBuildLoader } from './static-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files beside index.html (favicon.svg): their name never changes, so keep them briefly.
const UNHASHED = 'public, max-age=3600';

/**
 * Serves the built web app: hashed assets precompressed (br, gzip) and cached for a year, any other
 * file briefly, and index.html for every other path (React Router decides what a path shows, including
 * its own 404 page) revalidated through its ETag, with the path's route chunks preloaded.
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string, opts: { bootData?: BootDataSource } = {}) {
  const load = webBuildLoader(path.resolve(distDir));
  const firstViewRenderer = firstViewLoader(distDir);
  /** The page's first view rendered on the server (decision 0095), or null to send the loading indicator. */
  const firstView = async (c: Context<AppEnv>, language: Language, boot: unknown) => {
    const render = await firstViewRenderer();
    if (!render) return null;
    try {
      return await render({
        url: c.req.url,
        boot: boot as BootData,
        language,
        timeZone: getCookie(c, TIME_ZONE_COOKIE),
      });
    } catch (error) {
      c.var.deps.logger.warn({ err: error }, 'first view: render failed');
      return null;
    }
  };
  app.get('*', async (c) => {
    const build = load();
    if (!build) {
      return c.text('The web app is not built yet. Run `npm run build` (npm start does it for you).', 503);
    }
    const pathname = c.req.path;
    const file = build.files.get(pathname);
    const isAsset = pathname.startsWith('/assets/');
    if (file && pathname !== '/index.html') {
      const available = encodingsOf(file);
      const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
      const body = bytesOf(file, encoding);
      const headers: Record<string, string> = {
        'Content-Type': file.type,
        'Content-Length': String(body.length),
        'Cache-Control': isAsset ? IMMUTABLE : UNHASHED,
      };
      if (available.length) headers.Vary = 'Accept-Encoding';
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      return c.body(view(body), 200, headers);
    }
    // A stale tab asking for a chunk of an older build must fail, not run HTML as JavaScript.
    if (isAsset) return c.text('Not found', 404);
    const lang = webAppLanguage(c);
    const route = opts.bootData ? pageRouteForPath(pathname) : undefined;
    const data = route && opts.bootData ? await opts.bootData(c, route) : null;
    if (data) {
      const view = await firstView(c, lang, data);
      const boot = view
        ? { ...data, view: { loaderData: view.loaderData, timeZone: view.timeZone, language: lang } }
        : data;
      return sendPersonalPage(c, build.personalPage(pathname, lang, boot, view?.html));
    }
    return sendPage(c, build.page(pathname, lang));
  });
}

/** The session and first data a signed-in page's HTML carries, or null (decision 0060). */
export type BootDataSource = (c: Context<AppEnv>, route: PageRoute) => Promise<unknown | null>;

/**
 * A page that carries a user's data: compressed for this response alone (brotli at a low quality is
 * quick for a few kilobytes), and kept out of every cache, shared or the browser's own.
 */
function sendPersonalPage(c: Context<AppEnv>, html: string) {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
  const identity = Buffer.from(html, 'utf8');
  const body =
    encoding === 'br'
      ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(identity, { level: 6 })
        : identity;
  const headers: Record<string, string> = {
    'Cache-Control': 'private, no-store',
    Vary: 'Accept-Encoding, Cookie',
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return c.body(view(body), 200, headers);
}

/**
 * The language the web app will show (src/web/lib/i18n.ts): `?lang=`, else the `lang` cookie it
 * keeps, else Turkish. Unlike the API's (language.ts), Accept-Language does not count: the app ignores it.
 */
function webAppLanguage(c: Context<AppEnv>): Language {
  return toLanguage(c.req.query('lang')) ?? toLanguage(getCookie(c, 'lang')) ?? DEFAULT_LANGUAGE;
}

function sendPage(c: Context<AppEnv>, page: HtmlPage) {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    // The HTML names the language's texts and sets <html lang> from the `lang` cookie.
    Vary: 'Accept-Encoding, Cookie',
    ETag: page.etags[encoding],
  };
  // Every variant holds the same HTML, so a copy stored in any encoding is still good.
  if (matchesAny(c.req.header('if-none-match'), Object.values(page.etags))) return c.body(null, 304, headers);
  const body = page.bytes[encoding];
  headers['Content-Type'] = 'text/html; charset=utf-8';
  headers['Content-Length'] = String(body.length);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return c.body(view(body), 200, headers);
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a W/ prefix does not matter. */
function matchesAny(header: string | undefined, etags: string[]) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => etags.includes(t.trim().replace(/^W\//, '')));
}

/** The bytes without a copy, typed as Hono's body wants them. */
function view(b: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);
}
