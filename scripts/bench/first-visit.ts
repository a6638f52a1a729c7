/**
 * What a first visit downloads: every JavaScript and CSS file a page fetches in a fresh browser (empty
 * cache) until the network is idle, each with its size and its gzip size (node:zlib at the default
 * level, whatever the server sent on the wire, so the figure does not depend on the server's
 * compression). Importable by the bench runner (measureFirstVisit), or on its own:
 *
 *   npx tsx scripts/bench/first-visit.ts [--dist dist/web] [--url http://host:port] [--json out.json] [/signin /signup …]
 *
 * Without --url it starts the portal (src/server/main.ts on a throwaway PGlite data directory) serving
 * --dist, so two builds can be compared side by side.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { startPortal } from '../../tests/support/portal-process';

export interface FetchedFile {
  /** The path on the server, such as /assets/index-Cz5GH5PH.js. */
  path: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
  /** Asked for before the first contentful paint (render-blocking or preloaded by the HTML). */
  beforePaint: boolean;
}

export interface FirstVisit {
  page: string;
  /** Where the browser ended up (a guard may redirect). */
  finalPath: string;
  files: FetchedFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  firstContentfulPaintMs: number | null;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

/**
 * One page in the given context (a fresh one per page gives an empty cache; pass a signed-in context to
 * measure /dashboard).
 */
export async function measureFirstVisit(
  context: BrowserContext,
  baseUrl: string,
  pagePath: string,
): Promise<FirstVisit> {
  const page = await context.newPage();
  const pending: Promise<FetchedFile | null>[] = [];
  const requestedAt = new Map<string, number>();
  const started = Date.now();
  page.on('request', (req) => requestedAt.set(req.url(), Date.now() - started));
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const url = res.url();
    pending.push(
      res
        .body()
        .then((body) => ({
          path: new URL(url).pathname,
          kind: type === 'script' ? ('js' as const) : ('css' as const),
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
          beforePaint: false,
        }))
        // A redirect or an aborted request has no body to weigh.
        .catch(() => null),
    );
  });
  await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(() => {
    const entry = performance.getEntriesByName('first-contentful-paint')[0];
    return entry ? entry.startTime : null;
  });
  // The navigation's own clock: requests started before this offset were asked for before the first paint.
  const navStart = await page.evaluate(() => performance.timeOrigin);
  const files = (await Promise.all(pending)).filter((f): f is FetchedFile => f !== null);
  for (const f of files) {
    const at = requestedAt.get(new URL(f.path, baseUrl).toString());
    f.beforePaint = fcp !== null && at !== undefined && started + at <= navStart + fcp;
  }
  const finalPath = new URL(page.url()).pathname;
  await page.close();
  const sum = (kind: 'js' | 'css') => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzipBytes, 0);
  return {
    page: pagePath,
    finalPath,
    files,
    jsGzipBytes: sum('js'),
    cssGzipBytes: sum('css'),
    firstContentfulPaintMs: fcp,
  };
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function firstVisitTable(visits: FirstVisit[]): string {
  const lines: string[] = [];
  for (const v of visits) {
    lines.push(
      `### ${v.page}${v.finalPath !== v.page ? ` (→ ${v.finalPath})` : ''}: ${kb(v.jsGzipBytes)} KB JS + ${kb(v.cssGzipBytes)} KB CSS gzip`,
      '',
      '| file | kind | KB | KB gzip | before first paint |',
      '|---|---|---:|---:|---|',
      ...[...v.files]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map(
          (f) => `| ${f.path} | ${f.kind} | ${kb(f.bytes)} | ${kb(f.gzipBytes)} | ${f.beforePaint ? 'yes' : 'no'} |`,
        ),
      '',
    );
  }
  return lines.join('\n');
}

/** The portal on a throwaway PGlite data directory, serving the given build. */
export async function startFirstVisitPortal(distDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-first-visit-'));
  const portal = await startPortal({
    inheritEnv: true,
    port: 'free',
    logLevel: 'warn',
    echo: true,
    startTimeoutMs: 60_000,
    // DATABASE_URL empty wins over a .env that names one: the embedded database.
    env: { NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST_DIR: path.resolve(distDir) },
  });
  return {
    url: portal.url,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function cli(argv: string[]) {
  let dist = 'dist/web';
  let url: string | null = null;
  let json: string | null = null;
  const pages: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dist') dist = argv[++i];
    else if (arg === '--url') url = argv[++i];
    else if (arg === '--json') json = argv[++i];
    else pages.push(arg);
  }
  if (pages.length === 0) pages.push('/signin', '/signup');
  const portal = url ? null : await startFirstVisitPortal(dist);
  const baseUrl = url ?? (portal as { url: string }).url;
  const browser = await launchChromium();
  try {
    const visits: FirstVisit[] = [];
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'tr-TR' });
      visits.push(await measureFirstVisit(context, baseUrl, p));
      await context.close();
    }
    console.log(firstVisitTable(visits));
    if (json) writeFileSync(json, `${JSON.stringify(visits, null, 2)}\n`);
  } finally {
    await browser.close();
    await portal?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  cli(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
