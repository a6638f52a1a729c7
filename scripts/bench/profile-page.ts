/**
 * `npx tsx scripts/bench/profile-page.ts [page ...] [--runs N] [--cpu N] [--trace-dir DIR] [--dist DIR]`: what the main
 * thread's long tasks are on a first load of signed-in pages. Lighthouse only says which script a long
 * task ran in; this says which functions. Starts the portal (production mode, the current build) on a
 * throwaway database, signs a customer (with a formation) and the bench owner in, loads each page in
 * Chromium with the CPU slowed down (4x by default, Lighthouse's mobile factor) under a Performance trace,
 * and prints every task over 50 ms with its start, its kind (script, style, layout, GC) and the busiest
 * functions in it, mapped to the sources when the build has source maps (`npx vite build --sourcemap`).
 * Admin pages (under /admin) load as the owner, the others as the customer. Timings on a shared machine
 * are measured, not asserted.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { AS_PRODUCTION, ROOT, startPortal } from '../../tests/support/portal-process';
import { benchAdminCookie } from './admin-lists';
import { BENCH_DATABASE_URL } from './bench-db';
import { browserCookies, CHROMIUM } from './page-figures';
import { onboardedCustomer } from './portal-fixtures';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const runs = Number(option('runs') ?? 2);
const cpu = Number(option('cpu') ?? 4);
const traceDir = option('trace-dir');
// Another build of the web app to serve (the one before a change, say); dist/web by default.
const dist = path.resolve(option('dist') ?? path.join(ROOT, 'dist/web'));
const pages = args.length ? args : ['/dashboard', '/admin/formations'];

const DB = `portal_page_profile_${process.pid}`;
const dbUrl = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${DB}` }).toString();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-page-profile-'));
const LONG_US = 50_000;

async function admin(text: string) {
  const client = new pg.Client({
    connectionString: Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/postgres' }).toString(),
  });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: unlike dur, not lengthened while the machine runs other work. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, any>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** The thread's CPU profile as (time, node) samples, rebuilt from the trace's Profile and ProfileChunk events. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!start) return { nodes, samples };
  let ts = start.args?.data?.startTime as number;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== start.id || e.pid !== pid) continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids: number[] = data?.cpuProfile?.samples ?? [];
    const deltas: number[] = data?.timeDeltas ?? [];
    ids.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { nodes, samples };
}

const maps = new Map<string, TraceMap | null>();
/** A built file's position as its source's (`features/x/Y.tsx:12 name`), when the build wrote a map. */
function sourceOf(frame: CallFrame): string {
  const file = /\/assets\/[^/?#]+\.js$/.exec(frame.url)?.[0];
  if (!file) return '';
  if (!maps.has(file)) {
    const mapFile = path.join(dist, `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map) return '';
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos.source) return '';
  const source = pos.source.replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '');
  return `${source}:${pos.line}${pos.name ? ` ${pos.name}` : ''}`;
}

function label(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const where = sourceOf(frame) || `${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber}`;
  return `${frame.functionName || '(anon)'} @ ${where}`;
}

const ms = (us: number) => `${(us / 1000).toFixed(0)}`.padStart(4);

/** Prints the long tasks of one page load's trace. */
function report(events: TraceEvent[], page: string) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t: TraceEvent) =>
    events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
      .reduce((n, e) => n + (e.dur ?? 0), 0);
  const main = threads.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const nav = onMain
    .filter((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes(page))
    .at(-1);
  const t0 = nav?.ts ?? Math.min(...onMain.map((e) => e.ts));
  const { nodes, samples } = samplesOf(events, main.pid, main.tid);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= LONG_US && e.ts >= t0);
  const tbt = tasks.reduce((n, t) => n + (t.dur ?? 0) - LONG_US, 0);
  // The thread time of a task counts the throttled phone's time too (Chromium's throttling keeps the thread
  // busy) but, unlike the wall time, not the time the shared machine gave other work.
  const afterStart = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= t0);
  const simulated = afterStart.map((t) => ({ t, us: t.tdur ?? 0 })).filter((x) => x.us >= LONG_US);
  const simTbt = simulated.reduce((n, x) => n + x.us - LONG_US, 0);
  const cpuTotal = afterStart.reduce((n, t) => n + (t.tdur ?? 0), 0);
  console.log(
    `\n${page}: ${tasks.length} long tasks, blocking ${ms(tbt).trim()} ms as observed; by thread time: ${simulated.length} long tasks [${simulated.map((x) => `${ms(x.us).trim()}@${ms(x.t.ts - t0).trim()}`).join(' ')}], blocking ${ms(simTbt).trim()} ms; main thread busy ${ms(cpuTotal).trim()} ms`,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task);
    const kinds = new Map<string, number>();
    for (const e of inside) {
      if (
        /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|Layout|UpdateLayoutTree|Paint|PrePaint|ParseHTML|ParseAuthorStyleSheet|MajorGC|MinorGC|V8\.GC_SCAVENGER|RunMicrotasks|V8\.Execute)$/.test(
          e.name,
        )
      )
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
    }
    const urls = new Set(
      inside
        .map((e) => e.args?.data?.url)
        .filter(Boolean)
        .map((u: string) => u.split('/').pop()),
    );
    console.log(
      `  task ${ms(task.dur ?? 0)} ms (thread ${ms(task.tdur ?? 0).trim()}) at ${ms(task.ts - t0)} ms  [${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${ms(v).trim()}`)
        .join(', ')}]  ${[...urls].slice(0, 4).join(' ')}`,
    );
    const own = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    const self = new Map<string, number>();
    const incl = new Map<string, number>();
    for (const s of own) {
      const node = nodes.get(s.node);
      if (!node) continue;
      const l = label(node.callFrame);
      self.set(l, (self.get(l) ?? 0) + 1);
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = node; n; n = n.parent ? nodes.get(n.parent) : undefined) {
        if (!n.callFrame.url) continue;
        const key = label(n.callFrame);
        if (seen.has(key)) continue;
        seen.add(key);
        incl.set(key, (incl.get(key) ?? 0) + 1);
      }
    }
    // Parents are recorded on children; the trace gives children lists instead.
    const pct = (n: number) => `${((100 * n) / Math.max(own.length, 1)).toFixed(0)}%`.padStart(4);
    console.log(
      `    self (${own.length} samples): ${[...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([k, v]) => `\n      ${pct(v)} ${k}`)
        .join('')}`,
    );
    console.log(
      `    inclusive: ${[...incl]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([k, v]) => `\n      ${pct(v)} ${k}`)
        .join('')}`,
    );
  }
}

/** ProfileChunk nodes name their parent; fill it in where the chunk gave children instead. */
function linkParents(events: TraceEvent[]) {
  for (const e of events) {
    const nodes = e.args?.data?.cpuProfile?.nodes as (ProfileNode & { children?: number[] })[] | undefined;
    if (!nodes) continue;
    for (const n of nodes)
      for (const c of n.children ?? []) {
        const child = nodes.find((x) => x.id === c);
        if (child) child.parent = n.id;
      }
  }
}

async function main() {
  await admin(`drop database if exists ${DB} with (force)`);
  await admin(`create database ${DB}`);
  const portal = await startPortal({
    ...AS_PRODUCTION,
    env: { DATABASE_URL: dbUrl, DATA_DIR: path.join(tmp, 'data'), WEB_DIST_DIR: dist },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const customer = await onboardedCustomer(portal.url);
    const owner = await benchAdminCookie(portal.url, portal.adminCode, dbUrl);
    for (const page of pages) {
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        await context.addCookies(browserCookies(portal.url, page.startsWith('/admin') ? owner : customer));
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        await browser.startTracing(tab, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'disabled-by-default-v8.cpu_profiler',
            'blink.user_timing',
            'loading',
            'toplevel',
          ],
        });
        await tab.goto(`${portal.url}${page}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(1500);
        const trace = await browser.stopTracing();
        if (traceDir) {
          mkdirSync(traceDir, { recursive: true });
          writeFileSync(path.join(traceDir, `${page.replace(/\W+/g, '') || 'root'}-${run}.json`), trace);
        }
        const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
        linkParents(events);
        report(events, page);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

try {
  await main();
} finally {
  await admin(`drop database if exists ${DB} with (force)`).catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}
