import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { getMimeType } from 'hono/utils/mime';
import { translate } from '../../../shared/i18n';
import type { Language } from '../../../shared/i18n/languages';
import { BOOT_DATA_ID } from '../../../shared/routes/boot-element';
import { FIRST_VIEW_SLOT } from '../../../shared/routes/first-view';
import { isCoreRest } from '../../../shared/routes/route-table';
import { textsChunkName } from '../../../shared/routes/text-chunks';
import type { Encoding } from './accept-encoding';
import { firstViewModules, modulesForPath, sectionsForRoute } from './route-modules';
import {
  chunkFiles,
  chunkKeyNamed,
  injectPreloads,
  type Manifest,
  readManifest,
  sectionModuleKey,
} from './route-preload';

/** One file of the build and its precompressed siblings (scripts/build/compress.mjs), read on first use. */
export interface StaticFile {
  type: string;
  paths: Partial<Record<Encoding, string>>;
  bytes: Partial<Record<Encoding, Buffer>>;
}

/** One variant of index.html (with a route's preloads), compressed and hashed once. */
export interface HtmlPage {
  bytes: Record<Encoding, Buffer>;
  /** Per encoding, as RFC 9110 asks of a strong validator; all derive from one hash of the HTML. */
  etags: Record<Encoding, string>;
}

const SIBLINGS: ReadonlyArray<readonly [Encoding, string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/**
 * The built web app as the server found it: every file by its URL path, the manifest, and the HTML
 * per route. Built from dist/web once, and again when index.html changes (a rebuild under a running
 * server, as in development).
 */
export class WebBuild {
  readonly files = new Map<string, StaticFile>();
  private readonly pages = new Map<string, HtmlPage>();
  private readonly htmls = new Map<string, string>();
  private readonly manifest: ReturnType<typeof readManifest>;
  private readonly template: string;

  constructor(
    readonly distDir: string,
    readonly indexMtimeMs: number,
  ) {
    this.template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    this.manifest = readManifest(distDir);
    this.scan(distDir, '');
  }

  private scan(dir: string, prefix: string) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // .vite/manifest.json is the server's, not the browser's.
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const url = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        this.scan(full, url);
        continue;
      }
      const sibling = SIBLINGS.find(([, ext]) => entry.name.endsWith(ext));
      if (sibling) continue;
      const paths: StaticFile['paths'] = { identity: full };
      for (const [enc, ext] of SIBLINGS) if (existsSync(full + ext)) paths[enc] = full + ext;
      const type = getMimeType(entry.name) ?? 'application/octet-stream';
      this.files.set(url, { type, paths, bytes: {} });
    }
  }

  /**
   * index.html for a request path in the language the web app will pick: `<html lang>` and the loading
   * indicator's text (shown before the scripts run) in it, and the route's chunks and that language's
   * texts for it preloaded when the manifest knows them.
   */
  page(pathname: string, lang: Language): HtmlPage {
    const key = this.keyOf(pathname, lang);
    let page = this.pages.get(key);
    if (!page) {
      page = htmlPage(this.html(pathname, lang));
      this.pages.set(key, page);
    }
    return page;
  }

  /**
   * The same HTML with a signed-in user's boot data (decision 0060) before `</head>`: made per request,
   * never cached or shared. `<` is escaped so that no value can close the element.
   */
  personalPage(pathname: string, lang: Language, data: unknown, firstView?: string): string {
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    const element = `<script type="application/json" id="${BOOT_DATA_ID}">${json}</script>`;
    const html = this.html(pathname, lang, firstView !== undefined);
    // The server's render of the page (decision 0095) in the loading indicator's place; a function, so
    // that no `$&` in a user's text is read as a pattern.
    // Inert until the browser's first render has committed (main.tsx): a control pressed before
    // hydration would do nothing, and a form would submit itself natively, its fields in the URL.
    const page =
      firstView === undefined
        ? html
        : html.replace(FIRST_VIEW_SLOT, () => firstView).replace('<div id="root">', '<div id="root" inert>');
    return page.replace(/\n([ \t]*)<\/head>/, (_m, indent: string) => `\n${indent}  ${element}\n${indent}</head>`);
  }

  private keyOf(pathname: string, lang: Language, firstView = false): string {
    const route = this.manifest ? modulesForPath(pathname) : null;
    return `${lang} ${route?.key ?? ''}${firstView ? ' first-view' : ''}`;
  }

  /**
   * index.html for a path and language, as `page` describes; kept per route and language, and for a
   * page sent with its first view (decision 0095) with that view's modules preloaded.
   */
  private html(pathname: string, lang: Language, firstView = false): string {
    const key = this.keyOf(pathname, lang, firstView);
    let html = this.htmls.get(key);
    if (html === undefined) {
      const found = this.manifest ? modulesForPath(pathname) : null;
      const route = found && firstView ? { ...found, modules: firstViewModules(found.modules) } : found;
      html = this.template
        .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
        .replace(/(<span [^>]*data-boot-status[^>]*>)[^<]*/, `$1${translate(lang, 'common.loading')}`);
      if (this.manifest) {
        const modules = [...(route?.modules ?? []), ...messageModules(lang, route?.key, this.manifest)];
        html = injectPreloads(html, chunkFiles(this.manifest, modules));
      }
      if (firstView) html = scriptsAfterPaint(html);
      this.htmls.set(key, html);
    }
    return html;
  }
}

/**
 * The message chunks the web app loads before its first render (src/web/lib/messages/sections.ts):
 * the core texts (what a public page shows) and the route's sections, in one language; a signed-in
 * or admin route's sections name the rest of the core texts too (CORE_REST). Named in the HTML, they
 * download with the entry instead of after it has run: one round trip less before the first paint on
 * a slow phone.
 */
export function messageModules(lang: Language, routeKey: string | undefined, manifest?: Manifest | null): string[] {
  const sections = sectionsForRoute(routeKey).flatMap((section) => {
    // A signed-in page's sections are built into a shared file per language (text-chunks.ts), which the
    // manifest names by its chunk name instead of by the JSON module.
    const shared = textsChunkName(lang, section);
    const grouped = shared && manifest ? chunkKeyNamed(manifest, shared) : undefined;
    if (grouped) return [grouped];
    // The rest of the core texts is only ever built into its side's shared file.
    if (isCoreRest(section)) return [];
    const own = manifest ? sectionModuleKey(manifest, lang, section) : undefined;
    return [own ?? `../shared/i18n/${lang}/${section}.json`];
  });
  return [`lib/messages/core.${lang}.ts`, ...new Set(sections)];
}

/** The script the HTML of a page with its first view runs instead of its own (src/web/public). */
export const FIRST_VIEW_LOADER = '/first-view.js';

/**
 * A page with its first view (decision 0095) paints without script, so its entry and preloads leave the
 * head: listed as data, they are fetched by FIRST_VIEW_LOADER once the view has painted, and do not
 * share a slow network with the stylesheet before it.
 */
export function scriptsAfterPaint(html: string): string {
  let entry: string | undefined;
  const preload: string[] = [];
  const rest = html
    .replace(/\n[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_m, src: string) => {
      entry = src;
      return '';
    })
    .replace(/\n[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_m, href: string) => {
      preload.push(href);
      return '';
    });
  if (!entry) return html;
  const json = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  const tags = [
    `<script type="application/json" id="first-view-scripts">${json}</script>`,
    `<script type="module" src="${FIRST_VIEW_LOADER}"></script>`,
  ];
  return rest.replace(
    /\n([ \t]*)<\/head>/,
    (_m, indent: string) => `${tags.map((tag) => `\n${indent}  ${tag}`).join('')}\n${indent}</head>`,
  );
}

export function htmlPage(html: string): HtmlPage {
  const identity = Buffer.from(html, 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    bytes: {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
    etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
  };
}

/** The encodings a file can be sent in, best first. */
export function encodingsOf(file: StaticFile): Encoding[] {
  return SIBLINGS.map(([enc]) => enc).filter((enc) => file.paths[enc]);
}

export function bytesOf(file: StaticFile, encoding: Encoding): Buffer {
  let bytes = file.bytes[encoding];
  if (!bytes) {
    bytes = readFileSync(file.paths[encoding] as string);
    file.bytes[encoding] = bytes;
  }
  return bytes;
}

/** The current build of `distDir`, or null when it has none; rebuilt when index.html changed. */
export function webBuildLoader(distDir: string): () => WebBuild | null {
  let current: WebBuild | null = null;
  const indexFile = path.join(distDir, 'index.html');
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
    } catch {
      current = null;
      return null;
    }
    if (!current || current.indexMtimeMs !== mtimeMs) current = new WebBuild(distDir, mtimeMs);
    return current;
  };
}
