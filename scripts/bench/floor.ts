/**
 * The signed-in pages against their floor (decision 0096): `npm run bench -- floor [--runs N] [--pages /a,/b]`
 * or `npx tsx scripts/bench/floor.ts [same options]`.
 *
 * A page's floor is its own HTML as the browser holds it once the page has drawn, saved, and served with
 * its stylesheets and no script: what the best server rendering could paint. Each page and its floor go
 * through Lighthouse mobile in turn, in the same Chromium, so that the machine's speed at that moment
 * weighs on both; the table gives their ratios, which hold on any machine, and the figures that do not
 * depend on it: the JavaScript decoded before the largest paint, and the main thread's own time before
 * it (the trace's, not Lighthouse's simulated phone, which multiplies it by four). Lighthouse's
 * `benchmarkIndex` says how fast the host was.
 *
 * On its own it starts the portal (production mode, the current build: `npm run build` first) on a
 * throwaway PostgreSQL database, with a customer who has started a formation and the bench owner.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { TIME_ZONE_COOKIE } from '../../src/shared/routes/first-view';
import { AS_PRODUCTION, freePort, startPortal } from '../../tests/support/portal-process';
import { benchAdminCookie } from './admin-lists';
import { BENCH_DATABASE_URL } from './bench-db';
import { browserCookies, CHROMIUM, debuggingChromium } from './page-figures';
import { onboardedCustomer } from './portal-fixtures';

/** The signed-in pages measured: the customer's main pages, the home and the admin lists. */
export const FLOOR_CUSTOMER_PAGES = ['/dashboard', '/documents', '/support', '/services', '/account'];
export const FLOOR_ADMIN_PAGES = [
  '/admin',
  '/admin/users',
  '/admin/formations',
  '/admin/ein',
  '/admin/support',
  '/admin/deadlines',
  '/admin/renewals',
  '/admin/filings',
  '/admin/audit',
];

/** The targets (decision 0096): same-run ratios and byte counts, so that they hold on any machine. */
export const FLOOR_TARGETS = {
  lcpRatio: 1.3,
  tbtRatio: 2,
  jsBeforeLcpKib: { customer: 300, admin: 350 },
} as const;
/** Below this a blocking time is noise: a floor without script blocks nothing, so its ratio would be ∞. */
const TBT_GRACE_MS = 50;

export interface LoadFigure {
  /** Lighthouse's simulated phone (ms). */
  lcpMs: number;
  tbtMs: number;
  /** Decoded (uncompressed) JavaScript whose download ended before the observed largest paint. */
  jsBeforeLcpBytes: number;
  /** The renderer main thread's busy time from the navigation to the observed largest paint (ms, not multiplied). */
  mainThreadBeforeLcpMs: number;
  /** The largest paint as observed, unthrottled (ms). */
  observedLcpMs: number;
  benchmarkIndex: number;
  finalUrl: string;
}

export interface FloorFigure {
  page: string;
  kind: 'customer' | 'admin';
  /** One figure per run, the floor's and the page's taken in turn. */
  floor: LoadFigure[];
  live: LoadFigure[];
  floorHtmlBytes: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, any>;
}

/** What one Lighthouse run says about a load, read from its report and its trace. */
function figureOf(result: NonNullable<Awaited<ReturnType<typeof lighthouse>>>): LoadFigure {
  const { lhr, artifacts } = result;
  const audits = lhr.audits;
  const metrics = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const originTs = metrics.observedTimeOriginTs;
  const lcpTs = metrics.observedLargestContentfulPaintTs;
  if (typeof originTs !== 'number' || typeof lcpTs !== 'number') {
    throw new Error(`no largest paint observed (${lhr.runtimeError?.code ?? 'no runtime error'})`);
  }
  const network = audits['network-requests']?.details as
    | {
        items: { resourceType?: string; resourceSize?: number; networkEndTime?: number }[];
        debugData?: { networkStartTimeTs?: number };
      }
    | undefined;
  const networkStartTs = network?.debugData?.networkStartTimeTs ?? originTs;
  const jsBeforeLcpBytes = (network?.items ?? [])
    .filter(
      (i) =>
        i.resourceType === 'Script' &&
        typeof i.networkEndTime === 'number' &&
        networkStartTs + i.networkEndTime * 1000 <= lcpTs,
    )
    .reduce((n, i) => n + (i.resourceSize ?? 0), 0);
  // The renderer's main thread is the one that reported the largest paint.
  const events = (artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
  const lcpEvent = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  let busyUs = 0;
  if (lcpEvent) {
    for (const e of events) {
      if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== lcpEvent.pid || e.tid !== lcpEvent.tid) continue;
      const start = Math.max(e.ts, originTs);
      const end = Math.min(e.ts + (e.dur ?? 0), lcpTs);
      if (end > start) busyUs += end - start;
    }
  }
  return {
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    jsBeforeLcpBytes,
    mainThreadBeforeLcpMs: Math.round(busyUs / 1000),
    observedLcpMs: Math.round((lcpTs - originTs) / 1000),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * The time zone as the web app stores it for the server once a page is idle (decision 0095: `tz` and its
 * offset), as a returning user's browser holds it, so a page loads with the first view the server
 * renders for it. The browsers here run in this machine's zone.
 */
function zoneCookies(base: string) {
  const url = base.replace(/^http:/, 'https:');
  return [
    { name: TIME_ZONE_COOKIE, value: Intl.DateTimeFormat().resolvedOptions().timeZone },
    { name: `${TIME_ZONE_COOKIE}o`, value: String(new Date().getTimezoneOffset()) },
  ].map((c) => ({ ...c, url, secure: true, sameSite: 'Lax' as const }));
}

/**
 * The page's HTML once it has drawn (the network quiet, the loading indicator gone), without its scripts
 * and script preloads: its stylesheets stay, so the floor paints what the page paints.
 */
async function saveFloors(base: string, pages: { page: string; cookie: string }[]): Promise<Map<string, string>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const floors = new Map<string, string>();
  try {
    for (const { page, cookie } of pages) {
      // Lighthouse's phone: 412 × 823 CSS pixels.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
      await context.addCookies([...browserCookies(base, cookie), ...zoneCookies(base)]);
      const tab = await context.newPage();
      await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
      // Drawn: no spinner left (the HTML's loading indicator, a route's or a region's fallback).
      await tab
        .waitForFunction(() => !document.querySelector('#root .animate-spin'), null, { timeout: 30_000 })
        .catch(() => console.error(`${page}: a spinner still turns after 30 s; saving the floor as it is`));
      await tab.waitForTimeout(500);
      const finalPath = new URL(tab.url()).pathname;
      if (finalPath !== page) throw new Error(`${page} ended on ${finalPath}: not signed in?`);
      const html = await tab.evaluate(() => {
        const root = document.documentElement.cloneNode(true) as HTMLElement;
        for (const el of root.querySelectorAll(
          'script, link[rel="modulepreload"], link[rel="preload"][as="script"], link[rel="prefetch"]',
        ))
          el.remove();
        return `<!doctype html>\n${root.outerHTML}`;
      });
      floors.set(page, html);
      await context.close();
    }
    return floors;
  } finally {
    await browser.close();
  }
}

/**
 * A server of the floors: each page's saved HTML at its own path, everything else (its stylesheets, the
 * favicon) passed through from the portal untouched, so the floor's CSS arrives as the page's does.
 */
async function floorServer(portalBase: string, floors: Map<string, string>) {
  const target = new URL(portalBase);
  const bodies = new Map([...floors].map(([page, html]) => [page, gzipSync(Buffer.from(html, 'utf8'))]));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const floor = bodies.get(pathname);
    if (floor && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'content-length': floor.length,
        'cache-control': 'no-store',
      });
      res.end(floor);
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * BENCH_FLOOR_OUT=dir keeps, per page, the saved floor (`dashboard.floor.html`) and the last frame
 * Lighthouse saw of the floor and of the page (`dashboard.floor-1.jpg`, `dashboard.live-1.jpg`): whether
 * the floor drew what the page draws.
 */
function keepForReading(
  page: string,
  which: 'floor' | 'live',
  run: number,
  floorHtml: string,
  result: NonNullable<Awaited<ReturnType<typeof lighthouse>>>,
) {
  const dir = process.env.BENCH_FLOOR_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = page.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
  if (which === 'floor' && run === 0) writeFileSync(path.join(dir, `${name}.floor.html`), floorHtml);
  const shot = (result.lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  const jpeg = shot?.replace(/^data:image\/jpeg;base64,/, '');
  if (jpeg) writeFileSync(path.join(dir, `${name}.${which}-${run + 1}.jpg`), Buffer.from(jpeg, 'base64'));
}

/** Saves each page's floor, then runs Lighthouse mobile on the floor and on the page in turn, `runs` times. */
export async function measureFloors(
  base: string,
  pages: { page: string; cookie: string; kind: 'customer' | 'admin' }[],
  runs = 3,
): Promise<FloorFigure[]> {
  const floors = await saveFloors(base, pages);
  const server = await floorServer(base, floors);
  const chrome = await debuggingChromium();
  try {
    const out: FloorFigure[] = [];
    for (const { page, cookie, kind } of pages) {
      // Lighthouse's storage reset keeps cookies, so the page loads signed in on every run.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0].addCookies([...browserCookies(base, cookie), ...zoneCookies(base)]);
      await cdp.close();
      const figure: FloorFigure = {
        page,
        kind,
        floor: [],
        live: [],
        floorHtmlBytes: Buffer.byteLength(floors.get(page) ?? ''),
      };
      for (let run = 0; run < runs; run++) {
        for (const [which, url] of [
          ['floor', `${server.base}${page}`],
          ['live', `${base}${page}`],
        ] as const) {
          const result = await lighthouse(url, {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance'],
          }).catch((err: Error) => {
            console.error(`${which} ${page}: ${err.message.split('\n')[0]}`);
            return undefined;
          });
          if (!result) continue;
          try {
            figure[which].push(figureOf(result));
            keepForReading(page, which, run, floors.get(page) ?? '', result);
          } catch (err) {
            console.error(`${which} ${page}: ${(err as Error).message}`);
          }
        }
      }
      console.log(floorLine(figure));
      out.push(figure);
    }
    return out;
  } finally {
    await chrome.stop();
    await server.close();
  }
}

function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export interface FloorSummary {
  page: string;
  kind: 'customer' | 'admin';
  floorLcpMs: number;
  lcpMs: number;
  lcpRatio: number;
  floorTbtMs: number;
  tbtMs: number;
  tbtRatio: number;
  jsBeforeLcpKib: number;
  mainThreadBeforeLcpMs: number;
  floorMainThreadBeforeLcpMs: number;
  benchmarkIndex: number;
  runs: number;
  /** Each target: met or not (null: not measured). */
  met: { lcp: boolean | null; tbt: boolean | null; js: boolean | null };
}

/** The medians of a page's runs and its targets. */
export function summarise(f: FloorFigure): FloorSummary {
  const m = (list: LoadFigure[], key: keyof LoadFigure) => median(list.map((x) => x[key] as number));
  const floorLcpMs = m(f.floor, 'lcpMs');
  const lcpMs = m(f.live, 'lcpMs');
  const floorTbtMs = m(f.floor, 'tbtMs');
  const tbtMs = m(f.live, 'tbtMs');
  const jsBeforeLcpKib = m(f.live, 'jsBeforeLcpBytes') / 1024;
  const lcpRatio = lcpMs / floorLcpMs;
  const tbtRatio = tbtMs / Math.max(floorTbtMs, TBT_GRACE_MS);
  const known = (x: number) => Number.isFinite(x);
  return {
    page: f.page,
    kind: f.kind,
    floorLcpMs,
    lcpMs,
    lcpRatio,
    floorTbtMs,
    tbtMs,
    tbtRatio,
    jsBeforeLcpKib,
    mainThreadBeforeLcpMs: m(f.live, 'mainThreadBeforeLcpMs'),
    floorMainThreadBeforeLcpMs: m(f.floor, 'mainThreadBeforeLcpMs'),
    benchmarkIndex: Math.round(median([...f.floor, ...f.live].map((x) => x.benchmarkIndex))),
    runs: Math.min(f.floor.length, f.live.length),
    met: {
      lcp: known(lcpRatio) ? lcpRatio <= FLOOR_TARGETS.lcpRatio : null,
      tbt: known(tbtRatio) ? tbtRatio <= FLOOR_TARGETS.tbtRatio : null,
      js: known(jsBeforeLcpKib) ? jsBeforeLcpKib <= FLOOR_TARGETS.jsBeforeLcpKib[f.kind] : null,
    },
  };
}

const mark = (met: boolean | null) => (met === null ? ' –' : met ? '' : ' ✗');

function floorLine(f: FloorFigure) {
  const s = summarise(f);
  const r = Math.round;
  return `floor ${s.page}: largest paint ${r(s.lcpMs)} / ${r(s.floorLcpMs)} ms = ${s.lcpRatio.toFixed(2)}×, blocking ${r(s.tbtMs)} / ${r(s.floorTbtMs)} ms = ${s.tbtRatio.toFixed(2)}×, JS before paint ${s.jsBeforeLcpKib.toFixed(0)} KiB, main thread before paint ${r(s.mainThreadBeforeLcpMs)} ms (floor ${r(s.floorMainThreadBeforeLcpMs)}), benchmarkIndex ${s.benchmarkIndex} (${s.runs} runs)`;
}

/** The floor table (markdown): the page against its floor, ✗ where a target is missed. */
export function floorTable(figures: FloorFigure[]): string[] {
  const rows = figures.map(summarise);
  const n = (x: number, digits = 0) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
  return [
    `| page | largest paint page / floor (ms) | ratio ≤ ${FLOOR_TARGETS.lcpRatio} | blocking page / floor (ms) | ratio ≤ ${FLOOR_TARGETS.tbtRatio} | JS before paint (KiB decoded) ≤ ${FLOOR_TARGETS.jsBeforeLcpKib.customer} / ${FLOOR_TARGETS.jsBeforeLcpKib.admin} | main thread before paint page / floor (ms, trace) | benchmarkIndex | runs |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (s) =>
        `| \`${s.page}\` | ${n(s.lcpMs)} / ${n(s.floorLcpMs)} | ${n(s.lcpRatio, 2)}${mark(s.met.lcp)} | ${n(s.tbtMs)} / ${n(s.floorTbtMs)} | ${n(s.tbtRatio, 2)}${mark(s.met.tbt)} | ${n(s.jsBeforeLcpKib)}${mark(s.met.js)} | ${n(s.mainThreadBeforeLcpMs)} / ${n(s.floorMainThreadBeforeLcpMs)} | ${n(s.benchmarkIndex)} | ${s.runs} |`,
    ),
    '',
    `Blocking-time ratios divide by the floor's blocking time or ${TBT_GRACE_MS} ms, whichever is larger (a page without script blocks nothing).`,
  ];
}

/** `--runs N` and `--pages /a,/b` of the command line. */
export function floorOptions(args: string[]) {
  const value = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const chosen = value('pages')?.split(',').filter(Boolean);
  const keep = (list: string[]) => (chosen ? list.filter((p) => chosen.includes(p)) : list);
  return {
    runs: Number(value('runs') ?? 3),
    customerPages: keep(FLOOR_CUSTOMER_PAGES),
    adminPages: keep(FLOOR_ADMIN_PAGES),
  };
}

async function cli(args: string[]) {
  const { runs, customerPages, adminPages } = floorOptions(args);
  const db = `portal_floor_${process.pid}`;
  const dbUrl = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${db}` }).toString();
  const adminDb = async (text: string) => {
    const client = new pg.Client({
      connectionString: Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/postgres' }).toString(),
    });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-floor-'));
  await adminDb(`drop database if exists ${db} with (force)`);
  await adminDb(`create database ${db}`);
  try {
    const portal = await startPortal({
      ...AS_PRODUCTION,
      env: { DATABASE_URL: dbUrl, DATA_DIR: path.join(tmp, 'data') },
    });
    try {
      const customer = await onboardedCustomer(portal.url);
      const admin = await benchAdminCookie(portal.url, portal.adminCode, dbUrl);
      const figures = await measureFloors(
        portal.url,
        [
          ...customerPages.map((page) => ({ page, cookie: customer, kind: 'customer' as const })),
          ...adminPages.map((page) => ({ page, cookie: admin, kind: 'admin' as const })),
        ],
        runs,
      );
      console.log(`\n${floorTable(figures).join('\n')}`);
    } finally {
      await portal.stop();
    }
  } finally {
    await adminDb(`drop database if exists ${db} with (force)`).catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  cli(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
