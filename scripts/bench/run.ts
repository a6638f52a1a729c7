/**
 * `npm run bench [-- --no-million] [-- --no-faults] [-- --reseed] [-- --seconds N] [-- --only a,b]`: every
 * figure of decision 0026's benchmark table in one run, written to docs/benchmarks.md and docs/benchmarks.json.
 * `--only` (api, uploads, pages, lighthouse, floor, export, lists, home, sweep, cold, intl, faults) measures just those and
 * prints the rows without touching the report, for checking one fix. `npm run bench -- floor [--runs N]
 * [--pages /a,/b]` is `--only floor`: each signed-in page against its floor (floor.ts, decision 0096).
 * Needs PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL's server) and Chromium at /usr/bin/chromium
 * (CHROME_PATH).
 *
 * 1. `npm run build` when its output is missing or older than the sources;
 * 2. the portal (production mode, `scripts/start.mjs`) on a throwaway database beside the bare server:
 *    the dashboard API, /go/{slug} and /healthz under autocannon, 50 concurrent 5 MB uploads, and the
 *    pages' bytes and Lighthouse scores and largest paints of the public, customer and admin pages;
 * 3. the portal on the million-customer database (portal_bench, seeded by bench:seed when it holds
 *    fewer): the admin lists, the formations CSV export and Lighthouse on the home with its figures;
 *    then one day's retention sweep on it, in a transaction that is rolled back (retention-sweep.ts);
 * 4. cold and warm `npm start` on a fresh embedded database;
 * 5. the fault checks of scripts/bench/faults.ts (`--no-faults` skips them).
 * A step that fails is reported as failed and the others still run; children, the throwaway database
 * and temp folders are removed on every exit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ABANDONED_SIGNUP_DAYS } from '../../src/shared/features/retention/retention.domain';
import {
  AS_PRODUCTION,
  freePort,
  killAllStarted,
  ROOT,
  startChild,
  startPortal,
} from '../../tests/support/portal-process';
import { benchAdminCookie, type CaseTiming, timeAdminLists } from './admin-lists';
import { measureApi, type SideBySide } from './api-figures';
import { BENCH_DATABASE_URL, ensureBenchDatabase } from './bench-db';
import { type ColdStart, measureColdStart } from './cold-start';
import { type FloorFigure, floorOptions, floorTable, measureFloors, summarise } from './floor';
import { type IntlFigure, measureIntlFirstFormat } from './intl-first-format';
import { type ExportFigure, measureExport, measureUploads, type UploadFigure } from './memory-figures';
import { measureLighthouse, measurePageBytes, type PageBytes, type PageScore, pageChunkWeight } from './page-figures';
import { onboardedCustomer, shortLink } from './portal-fixtures';
import { type Row, writeReport } from './report';
import { measureRetentionSweep, type SweepFigure } from './retention-sweep';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const secondsAt = args.indexOf('--seconds');
const seconds = (secondsAt >= 0 && Number(args[secondsAt + 1])) || 10;
const MILLION = 1_000_000;
const onlyAt = args.indexOf('--only');
// `npm run bench -- floor` is `--only floor`: the signed-in pages against their floor (scripts/bench/floor.ts).
const only =
  onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : args[0] === 'floor' ? new Set(['floor']) : null;
/** Whether this run measures `part` (every part unless --only names others). */
const wants = (part: string) => !only || only.has(part);

const serverUrl = new URL(BENCH_DATABASE_URL);
// Its own name per run, so that two runs (two worktrees) never drop each other's database.
const RUN_DB = `portal_bench_run_${process.pid}`;
const runDbUrl = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${RUN_DB}` }).toString();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-run-'));

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: Object.assign(serverUrl, { pathname: '/postgres' }).toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  killAllStarted();
  await adminQuery(`drop database if exists ${RUN_DB} with (force)`).catch((err) =>
    console.error(`could not drop ${RUN_DB}: ${err.message}`),
  );
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * `npm run build` when the web app's or the server's build is missing or older than its sources:
 * production's `npm start` serves what that build made and never builds, so a stale build would be
 * measured instead of the code.
 */
function buildIfStale() {
  const sources = Math.max(...['src/web', 'src/shared', 'src/server'].map((d) => newestMtime(path.join(ROOT, d))));
  const outputs = ['dist/web/index.html', 'dist/server/main.js'].map((f) => path.join(ROOT, f));
  if (outputs.every((f) => existsSync(f) && statSync(f).mtimeMs >= sources)) return;
  console.log('building (npm run build)…');
  const res = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm run build failed');
}

const failures: Record<string, string> = {};
async function step<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
  console.log(`\n== ${name}`);
  try {
    return await fn();
  } catch (err) {
    const message = (err as Error).stack ?? String(err);
    console.error(`${name} failed: ${message}`);
    failures[name] = (err as Error).message.split('\n')[0];
    return null;
  }
}

async function seededCustomers(): Promise<number> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from users where id like 'bench-%'");
    return rows[0].n as number;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

async function seedMillion() {
  const seed = startChild(process.execPath, ['--import', 'tsx', 'scripts/bench/seed-million.ts'], {}, 'seed');
  seed.child.stdout?.pipe(process.stdout);
  const code = await new Promise<number | null>((resolve) => seed.child.once('exit', resolve));
  if (code !== 0) throw new Error(`bench:seed failed (${code})\n${seed.output()}`);
}

interface FaultsResult {
  ok: boolean;
  failures: string[];
}

/** scripts/bench/faults.ts (its own PostgreSQL cluster and portal), as a child; its JSON result. */
async function runFaults(): Promise<FaultsResult> {
  const out = path.join(tmp, 'faults.json');
  const faults = startChild(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/faults.ts', '--out', out],
    {},
    'faults',
  );
  faults.child.stdout?.pipe(process.stdout);
  await new Promise((resolve) => faults.child.once('exit', resolve));
  if (!existsSync(out)) throw new Error(`faults.ts wrote no result\n${faults.output()}`);
  return JSON.parse(readFileSync(out, 'utf8')) as FaultsResult;
}

/** Every signed-in page the issue of the operator's home names (docs/benchmarks.md keeps their table). */
const CUSTOMER_PAGES = ['/dashboard', '/services', '/support', '/documents'];
const HOME_PAGE_MODULE = 'features/overview/admin/AdminHomePage.tsx';
const ADMIN_PAGES = ['/admin', '/admin/support', '/admin/users', '/admin/formations', '/admin/ein'];

interface Figures {
  faults?: FaultsResult | null;
  api?: SideBySide[] | null;
  uploads?: UploadFigure | null;
  pageBytes?: PageBytes[] | null;
  /** The home page's own chunk: its panels and charts. */
  homeChunk?: { file: string; gzip: number } | null;
  lighthouse?: PageScore[] | null;
  /** Each signed-in page against its floor (decision 0096). */
  floor?: FloorFigure[] | null;
  /** The operator's home on the million-customer database: the page with real figures. */
  homeLighthouse?: PageScore[] | null;
  adminLists?: CaseTiming[] | null;
  customers?: number;
  export?: ExportFigure | null;
  coldStart?: ColdStart[] | null;
  /** A page's first date and amount, by hand and by Intl, the CPU slowed 4x (decision 0098). */
  intl?: IntlFigure[] | null;
  sweep?: SweepFigure | null;
}

async function runPortalSteps(figures: Figures) {
  await adminQuery(`drop database if exists ${RUN_DB} with (force)`);
  await adminQuery(`create database ${RUN_DB}`);
  const portal = await startPortal({
    ...AS_PRODUCTION,
    env: { DATABASE_URL: runDbUrl, DATA_DIR: path.join(tmp, 'run-data') },
  });
  const barePort = await freePort();
  const bare = startChild(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/bare-server.ts', String(barePort), runDbUrl],
    {},
    'bare server',
  );
  try {
    await new Promise<void>((resolve, reject) => {
      bare.child.stdout?.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
      bare.child.once('exit', () => reject(new Error(`bare server exited\n${bare.output()}`)));
    });
    const customer = await onboardedCustomer(portal.url);
    const admin = await benchAdminCookie(portal.url, portal.adminCode, runDbUrl);
    const slug = await shortLink(portal.url, admin);
    if (wants('api'))
      figures.api = await step('API: portal vs bare server', () =>
        measureApi(portal.url, `http://127.0.0.1:${barePort}`, customer, slug, seconds),
      );
    if (wants('uploads'))
      figures.uploads = await step('50 concurrent 5 MB uploads', () =>
        measureUploads(portal.url, portal.serverPid, customer),
      );
    if (wants('pages'))
      figures.pageBytes = await step('first visit: JS and CSS bytes', async () => [
        ...(await measurePageBytes(portal.url, ['/signin', '/signup'])),
        ...(await measurePageBytes(portal.url, ['/dashboard'], customer)),
        ...(await measurePageBytes(portal.url, ['/admin'], admin)),
      ]);
    if (wants('pages')) figures.homeChunk = pageChunkWeight(path.join(ROOT, 'dist/web'), HOME_PAGE_MODULE);
    if (wants('lighthouse'))
      figures.lighthouse = await step('Lighthouse mobile performance', () =>
        measureLighthouse(portal.url, [
          { page: '/signin' },
          { page: '/signup' },
          ...CUSTOMER_PAGES.map((page) => ({ page, cookie: customer, kind: 'customer' as const })),
          ...ADMIN_PAGES.map((page) => ({ page, cookie: admin, kind: 'admin' as const })),
        ]),
      );
    if (wants('floor')) {
      const { runs, customerPages, adminPages } = floorOptions(args);
      figures.floor = await step('signed-in pages against their floor', () =>
        measureFloors(
          portal.url,
          [
            ...customerPages.map((page) => ({ page, cookie: customer, kind: 'customer' as const })),
            ...adminPages.map((page) => ({ page, cookie: admin, kind: 'admin' as const })),
          ],
          runs,
        ),
      );
    }
  } finally {
    await bare.stop();
    await portal.stop();
  }
}

async function runMillionSteps(figures: Figures) {
  await ensureBenchDatabase();
  let customers = await seededCustomers();
  if (flag('reseed') || customers < MILLION) {
    console.log(`portal_bench holds ${customers} seeded customers: seeding ${MILLION} (a few minutes)…`);
    await seedMillion();
    customers = await seededCustomers();
  }
  figures.customers = customers;
  if (['export', 'lists', 'home'].some(wants)) await measureThroughPortal(figures);
  // After the portal has stopped, so that the sweep's time is its own.
  if (wants('sweep'))
    figures.sweep = await step("one day's retention sweep at 1,000,000 customers", () =>
      measureRetentionSweep(BENCH_DATABASE_URL),
    );
}

async function measureThroughPortal(figures: Figures) {
  const portal = await startPortal({
    ...AS_PRODUCTION,
    env: { DATABASE_URL: BENCH_DATABASE_URL, DATA_DIR: path.join(tmp, 'million-data') },
  });
  try {
    const admin = await benchAdminCookie(portal.url, portal.adminCode, BENCH_DATABASE_URL);
    // The export first, so that its memory figure is its own and not what the lists left behind.
    if (wants('export'))
      figures.export = await step('CSV export of every formation', () =>
        measureExport(portal.url, portal.serverPid, admin),
      );
    if (wants('lists'))
      figures.adminLists = await step('admin lists at 1,000,000 customers', () =>
        timeAdminLists(portal.url, admin, 20),
      );
    if (wants('home'))
      figures.homeLighthouse = await step('Lighthouse: the home at 1,000,000 customers', () =>
        measureLighthouse(portal.url, [{ page: '/admin', cookie: admin, kind: 'admin' }]),
      );
  } finally {
    await portal.stop();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

function rowsOf(f: Figures): Row[] {
  const rows: Row[] = [];
  const failed = (what: string, key: string, target: string) =>
    rows.push({ what, figure: `not measured: ${failures[key] ?? 'step failed'}`, target, met: false });
  const api = (route: string) => f.api?.find((a) => a.route === route);
  const apiRow = (what: string, route: string, target: string, p99Target?: number) => {
    const a = api(route);
    if (!a) return failed(what, 'API: portal vs bare server', target);
    rows.push({
      what,
      figure: `${a.portal.requestsPerSec.toFixed(0)} vs ${a.bare.requestsPerSec.toFixed(0)} req/s = **${a.ratio.toFixed(2)}**; p99 ${a.portal.p99Ms} vs ${a.bare.p99Ms} ms${a.portal.unexpected + a.portal.errors ? `; ${a.portal.unexpected} unexpected answers, ${a.portal.errors} errors` : ''}`,
      target,
      met: a.ratio >= 0.5 && (p99Target === undefined || a.portal.p99Ms <= p99Target) && a.portal.unexpected === 0,
    });
  };
  apiRow(
    'dashboard API `GET /api/formations/me`, 50 connections',
    'GET /api/formations/me',
    '≥ 0.50 of bare, p99 ≤ 20 ms',
    20,
  );
  if (f.adminLists) {
    const worst = f.adminLists.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
    const over = f.adminLists.filter((c) => c.p95Ms > 50 || c.status !== 200);
    rows.push({
      what: `admin lists at ${f.customers?.toLocaleString('en')} customers (${f.adminLists.length} cases)`,
      figure: `worst p95 ${worst.p95Ms.toFixed(0)} ms (${worst.label}); ${over.length} case(s) over 50 ms or not 200`,
      target: 'p95 ≤ 50 ms',
      met: over.length === 0,
    });
  } else failed('admin lists at 1,000,000 customers', 'admin lists at 1,000,000 customers', 'p95 ≤ 50 ms');
  if (f.export) {
    rows.push({
      what: `CSV export of ${(f.export.lines - 1).toLocaleString('en')} formations`,
      figure: `peak RSS ${f.export.peakMb.toFixed(0)} MB (${f.export.beforeMb.toFixed(0)} before; ${f.export.megabytes.toFixed(0)} MB in ${f.export.seconds.toFixed(0)} s)`,
      target: '≤ 200 MB',
      met: f.export.status === 200 && f.export.peakMb <= 200,
    });
  } else failed('CSV export of 1,000,000 formations', 'CSV export of every formation', '≤ 200 MB');
  const sweepTarget = "the day's cohort done in one run (time shown)";
  if (f.sweep) {
    const s = f.sweep;
    rows.push({
      what: `one day's retention sweep at ${s.customers.toLocaleString('en')} customers (rolled back)`,
      figure: `**${(s.sweepMs / 1000).toFixed(1)} s**: ${s.ssnPurged} of ${s.ssnDue} SSNs purged, ${s.signupsRemoved} of ${s.signupsDue} abandoned sign-ups removed, ${s.noticesQueued} notices queued`,
      target: sweepTarget,
      met: s.leftDue === 0 && s.ssnPurged === s.ssnDue && s.signupsRemoved === s.signupsDue,
    });
  } else if (wants('sweep'))
    failed("one day's retention sweep", "one day's retention sweep at 1,000,000 customers", sweepTarget);
  if (f.uploads) {
    const ok = f.uploads.statuses['201'] ?? 0;
    rows.push({
      what: '50 concurrent 5 MB uploads',
      figure: `RSS +${f.uploads.growthMb.toFixed(0)} MB (${f.uploads.beforeMb.toFixed(0)} → ${f.uploads.peakMb.toFixed(0)} MB); ${ok}/${f.uploads.uploads} stored in ${f.uploads.seconds.toFixed(1)} s`,
      target: '≤ 150 MB growth',
      met: f.uploads.growthMb <= 150 && ok === f.uploads.uploads,
    });
  } else failed('50 concurrent 5 MB uploads', '50 concurrent 5 MB uploads', '≤ 150 MB growth');
  apiRow(
    '`/go/{slug}` redirect, browser visits (counted), 50 connections',
    'GET /go/{slug} (browser: counted)',
    '≥ 0.50 of a fixed 302',
  );
  apiRow(
    '`/go/{slug}` redirect, no user agent (not counted)',
    'GET /go/{slug} (no user agent: not counted)',
    '≥ 0.50 of a fixed 302',
  );
  apiRow('`/healthz` (for reference), 50 connections', 'GET /healthz', '≥ 0.50 of a bare hello');
  for (const p of f.pageBytes ?? []) {
    rows.push({
      what: `first visit to \`${p.page}\`: JS / CSS fetched`,
      figure: `JS ${kb(p.jsGzip)} / CSS ${kb(p.cssGzip)} gzipped; ${kb(p.jsWire)} / ${kb(p.cssWire)} on the wire (${p.encodings.join(', ')}); ${p.jsFiles} scripts${p.finalPath && p.finalPath !== p.page ? `; ended on ${p.finalPath}` : ''}`,
      // The issue's measure is gzip (-9, each file as fetched); the server sends brotli, which is smaller.
      target: p.page === '/signin' ? '≤ 120 KB JS (gzip)' : 'shown',
      met: p.page === '/signin' ? p.jsGzip <= 120 * 1024 : null,
    });
  }
  if (f.homeChunk) {
    rows.push({
      what: "the home's charts: its page chunk (six panels, hand-written SVG charts, decision 0055), loaded on `/admin` only",
      figure: `${(f.homeChunk.gzip / 1024).toFixed(1)} KB gzipped (${f.homeChunk.file})`,
      target: 'shown',
      met: null,
    });
  }
  if (!f.pageBytes) failed('first visit: JS and CSS bytes', 'first visit: JS and CSS bytes', '≤ 120 KB JS on /signin');
  const lighthouseRow = (s: PageScore, where = '') => {
    const scoreTarget = s.kind === 'customer' ? 95 : 90;
    const lcpTarget = s.kind === 'public' ? null : 2500;
    rows.push({
      what: `Lighthouse mobile \`${s.page}\`${where} (median of ${s.scores.length})`,
      figure: `**${s.median ?? '–'}** (${[...s.scores, ...s.errors].join(', ')}); largest paint ${s.lcpMedianMs !== null ? `${(s.lcpMedianMs / 1000).toFixed(2)} s` : '–'}; CLS ${s.cls?.toFixed(3) ?? '–'}; ${s.scripts ?? '–'} scripts${s.finalUrls.some((u) => !u.includes(s.page)) ? `; ended on ${s.finalUrls.join(', ')}` : ''}`,
      target: `≥ ${scoreTarget}${lcpTarget ? ', paint ≤ 2.5 s' : ''}`,
      met:
        s.median !== null &&
        s.median >= scoreTarget &&
        (lcpTarget === null || (s.lcpMedianMs !== null && s.lcpMedianMs <= lcpTarget)),
    });
  };
  for (const s of f.lighthouse ?? []) lighthouseRow(s);
  for (const s of f.homeLighthouse ?? []) lighthouseRow(s, ` with ${f.customers?.toLocaleString('en')} customers`);
  if (!f.lighthouse) failed('Lighthouse mobile performance', 'Lighthouse mobile performance', '≥ 90');
  for (const s of (f.floor ?? []).map(summarise)) {
    const js = s.kind === 'customer' ? 300 : 350;
    rows.push({
      what: `\`${s.page}\` against its floor (median of ${s.runs}; benchmarkIndex ${s.benchmarkIndex})`,
      figure: `largest paint ${Math.round(s.lcpMs)} / ${Math.round(s.floorLcpMs)} ms = **${s.lcpRatio.toFixed(2)}×**; blocking ${Math.round(s.tbtMs)} / ${Math.round(s.floorTbtMs)} ms = **${s.tbtRatio.toFixed(2)}×**; JS before paint **${s.jsBeforeLcpKib.toFixed(0)} KiB**; main thread before paint ${Math.round(s.mainThreadBeforeLcpMs)} ms (floor ${Math.round(s.floorMainThreadBeforeLcpMs)})`,
      target: `paint ≤ 1.3×, blocking ≤ 2×, JS ≤ ${js} KiB`,
      met: s.met.lcp === true && s.met.tbt === true && s.met.js === true,
    });
  }
  if (wants('floor') && !f.floor)
    failed('signed-in pages against their floor', 'signed-in pages against their floor', 'decision 0096');
  if (f.coldStart) {
    for (const c of f.coldStart) {
      rows.push({
        what: `\`npm start\` (${c.mode}), fresh embedded database → /readyz`,
        figure: `cold ${(c.coldMs / 1000).toFixed(1)} s, warm restart ${(c.warmMs / 1000).toFixed(1)} s`,
        target: 'shown',
        met: null,
      });
    }
  } else failed('cold start', 'cold start', 'shown');
  if (f.intl) {
    for (const lang of ['tr', 'en'] as const) {
      const hand = f.intl.find((x) => x.lang === lang && x.way === 'by hand');
      const intl = f.intl.find((x) => x.lang === lang && x.way === 'Intl');
      if (!hand || !intl) continue;
      rows.push({
        what: `a fresh page's first date and amount (${lang}), CPU slowed 4x: by hand vs \`Intl\` (decision 0098)`,
        figure: `${hand.firstMs.toFixed(1)} ms vs ${intl.firstMs.toFixed(1)} ms`,
        target: 'by hand below Intl',
        met: hand.firstMs < intl.firstMs,
      });
    }
  } else failed('first Intl formatter', 'first Intl formatter', 'by hand below Intl');
  const faultsTarget = 'every acknowledged write kept; recovers without a restart; no orphan files';
  if (f.faults) {
    rows.push({
      what: 'faults (`npm run bench:faults`): PostgreSQL restart under 20 writers, SIGTERM during uploads',
      figure: f.faults.ok
        ? 'every check passed'
        : `${f.faults.failures.length} check(s) failed: ${f.faults.failures.join('; ')}`,
      target: faultsTarget,
      met: f.faults.ok,
    });
  } else if (!flag('no-faults')) failed('faults', 'faults', faultsTarget);
  return rows;
}

function detailsOf(f: Figures): string[] {
  const out: string[] = [];
  if (f.adminLists) {
    out.push(
      `### Admin lists at ${f.customers?.toLocaleString('en')} customers (20 requests per case after 3 warm-ups, one at a time; 3 when a case is slower than a second)`,
      '',
      '| case | status | samples | p50 (ms) | p95 (ms) |',
      '|---|---:|---:|---:|---:|',
      ...f.adminLists.map(
        (c) => `| ${c.label} | ${c.status} | ${c.samples} | ${c.p50Ms.toFixed(1)} | ${c.p95Ms.toFixed(1)} |`,
      ),
      '',
    );
  }
  if (f.api) {
    out.push(
      `### API side by side (autocannon, 50 connections, ${seconds} s each after a 2 s warm-up)`,
      '',
      '| route | portal req/s | portal p50 / p99 (ms) | bare req/s | bare p50 / p99 (ms) | ratio |',
      '|---|---:|---:|---:|---:|---:|',
      ...f.api.map(
        (a) =>
          `| ${a.route} | ${a.portal.requestsPerSec.toFixed(0)} | ${a.portal.p50Ms} / ${a.portal.p99Ms} | ${a.bare.requestsPerSec.toFixed(0)} | ${a.bare.p50Ms} / ${a.bare.p99Ms} | ${a.ratio.toFixed(2)} |`,
      ),
      '',
      'The bare server (scripts/bench/bare-server.ts) runs the five statements the portal runs per',
      'dashboard call (session by token, user, formation, EIN application, stage history), with a pool of',
      'the same size and nothing else: no cookie signature check, no validation, no framework.',
      '',
    );
  }
  if (f.sweep) {
    const s = f.sweep;
    out.push(
      `### One day's retention sweep at ${s.customers.toLocaleString('en')} customers (decisions 0048, 0059)`,
      '',
      `RETENTION_SSN_DAYS=${s.retentionDays}. Prepared in the measurement's own transaction, rolled back afterwards: the ${s.ssnDue}`,
      'kept applications that crossed the line last (1/365 of those issued and kept) are due, the earlier ones marked',
      `purged; ${s.signupsDue} unverified sign-ups (one in ten of a day's) reach ${ABANDONED_SIGNUP_DAYS} days. The sweep took`,
      `${s.sweepMs} ms (preparation ${s.prepareMs} ms, not counted); ${s.leftDue} due left after it. Its file deletions go to`,
      'an empty folder, so the figure is the database side; S3 adds one DELETE per SS-4 file.',
      '',
    );
  }
  if (f.floor?.length) {
    out.push(
      '### Signed-in pages against their floor (decision 0096; Lighthouse mobile, the floor and the page in turn)',
      '',
      ...floorTable(f.floor),
      '',
    );
  }
  const failed = Object.entries(failures);
  if (failed.length) {
    out.push('### Steps that failed in this run', '', ...failed.map(([k, v]) => `- ${k}: ${v}`), '');
  }
  return out;
}

async function main() {
  const startedAt = new Date();
  const figures: Figures = {};
  try {
    // The sweep measures the database alone: no build for it.
    if (!only || [...only].some((part) => part !== 'sweep')) await step('build', async () => buildIfStale());
    if (['api', 'uploads', 'pages', 'lighthouse', 'floor'].some(wants))
      await step('portal on a throwaway database', () => runPortalSteps(figures));
    if (!flag('no-million') && ['export', 'lists', 'home', 'sweep'].some(wants))
      await step('portal on the million-customer database', () => runMillionSteps(figures));
    if (wants('cold')) figures.coldStart = await step('cold start', () => measureColdStart());
    if (wants('intl')) figures.intl = await step('first Intl formatter', () => measureIntlFirstFormat());
    if (!flag('no-faults') && wants('faults')) figures.faults = await step('faults', () => runFaults());
    if (only) {
      // A partial run checks one fix; the report keeps the last whole run's figures.
      console.log(
        `\n${[
          ...detailsOf(figures),
          ...rowsOf(figures)
            .filter((r) => !r.figure.startsWith('not measured'))
            .map((r) => `- ${r.what}: ${r.figure} (target ${r.target})`),
        ].join('\n')}`,
      );
      return;
    }
    writeReport(rowsOf(figures), detailsOf(figures), { ...figures, failures }, startedAt);
    console.log(
      `\nwrote docs/benchmarks.md and docs/benchmarks.json in ${((Date.now() - +startedAt) / 60000).toFixed(1)} min`,
    );
  } finally {
    await cleanUp();
  }
}

await main();
process.exit(Object.keys(failures).length ? 1 : 0);
