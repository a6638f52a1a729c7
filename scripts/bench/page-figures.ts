/**
 * The page rows: what a first visit fetches (Chromium through playwright-core, a fresh context per page)
 * and Lighthouse's mobile performance score (the `lighthouse` package driving Debian's Chromium over
 * its debugging port; nothing is downloaded).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startChild } from '../../tests/support/portal-process';

export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A `cookie` header as the browser's own cookies. Production's are `__Host-` cookies, Secure: they are
 * set for the https form of the origin (Chromium still sends them to http://127.0.0.1, a secure
 * context); a Cookie request header instead would not reach the app's own fetch calls.
 */
export function browserCookies(base: string, cookie: string) {
  return cookie.split('; ').map((pair) => {
    const i = pair.indexOf('=');
    return {
      name: pair.slice(0, i),
      value: pair.slice(i + 1),
      url: base.replace(/^http:/, 'https:'),
      secure: true,
      httpOnly: true,
      sameSite: 'Lax' as const,
    };
  });
}

export interface PageBytes {
  page: string;
  jsFiles: number;
  cssFiles: number;
  /** Bytes on the wire (as the server sent them: compressed only if it compresses). */
  jsWire: number;
  cssWire: number;
  /** What gzip -9 makes of the same files. */
  jsGzip: number;
  cssGzip: number;
  /** Content-Encoding values seen on script/style answers ('identity' when none). */
  encodings: string[];
  /** Where the page ended up (a signed-out /dashboard would end on /signin). */
  finalPath?: string;
}

/** Loads `page` in a fresh context (optionally signed in) and sums the scripts and stylesheets fetched. */
export async function measurePageBytes(base: string, pages: string[], cookie?: string): Promise<PageBytes[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const out: PageBytes[] = [];
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      if (cookie) await context.addCookies(browserCookies(base, cookie));
      const tab = await context.newPage();
      const seen: Promise<void>[] = [];
      const figure: PageBytes = {
        page,
        jsFiles: 0,
        cssFiles: 0,
        jsWire: 0,
        cssWire: 0,
        jsGzip: 0,
        cssGzip: 0,
        encodings: [],
      };
      tab.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        seen.push(
          (async () => {
            const [sizes, body] = await Promise.all([res.request().sizes(), res.body()]);
            const enc = res.headers()['content-encoding'] ?? 'identity';
            if (!figure.encodings.includes(enc)) figure.encodings.push(enc);
            const gz = gzipSync(body, { level: 9 }).byteLength;
            if (type === 'script') {
              figure.jsFiles += 1;
              figure.jsWire += sizes.responseBodySize;
              figure.jsGzip += gz;
            } else {
              figure.cssFiles += 1;
              figure.cssWire += sizes.responseBodySize;
              figure.cssGzip += gz;
            }
          })(),
        );
      });
      await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
      await Promise.all(seen);
      figure.finalPath = new URL(tab.url()).pathname;
      console.log(
        `${page}: JS ${figure.jsFiles} files ${(figure.jsWire / 1024).toFixed(0)} KB on the wire, ${(figure.jsGzip / 1024).toFixed(0)} KB gzipped; CSS ${(figure.cssWire / 1024).toFixed(0)} / ${(figure.cssGzip / 1024).toFixed(0)} KB (${figure.encodings.join(', ')}), ended on ${figure.finalPath}`,
      );
      out.push(figure);
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

/**
 * One page module's own chunk in the build, gzipped (-9): the home's panels and hand-written SVG charts
 * (decision 0055) are its chunk, which only /admin loads.
 */
export function pageChunkWeight(distDir: string, moduleKey: string): { file: string; gzip: number } | null {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[moduleKey];
  if (!chunk) return null;
  return { file: chunk.file, gzip: gzipSync(readFileSync(path.join(distDir, chunk.file)), { level: 9 }).byteLength };
}

/** The middle score; with an even count (a run gave no score) the mean of the two middle ones. */
function medianOf(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

export interface PageScore {
  page: string;
  finalUrls: string[];
  scores: number[];
  /** Runs that gave no score (Lighthouse's runtime error code, such as NO_FCP). */
  errors: string[];
  median: number | null;
  /** Largest contentful paint per run (ms, Lighthouse's simulated phone) and its median. */
  lcpMs: number[];
  lcpMedianMs: number | null;
  /** Cumulative layout shift of the median-score run. */
  cls: number | null;
  /** Script files the page fetched (the median-score run). */
  scripts: number | null;
  /** Who the page is for: its score target differs (issue text: customer ≥ 95, admin ≥ 90). */
  kind: 'public' | 'customer' | 'admin';
}

/**
 * Debian's Chromium, headless, with its debugging port open (what Lighthouse drives) and a profile of its
 * own; `stop` ends it and removes the profile.
 */
export async function debuggingChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const chrome = startChild(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {},
    'chromium',
  );
  const stop = async () => {
    await chrome.stop();
    rmSync(profile, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { port, stop };
    if (i > 200) {
      await stop();
      throw new Error(`chromium did not open its debugging port\n${chrome.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Lighthouse's default (mobile) performance category, `runs` times per page; the median of the scores. */
export async function measureLighthouse(
  base: string,
  pages: { page: string; cookie?: string; kind?: PageScore['kind'] }[],
  runs = 3,
): Promise<PageScore[]> {
  const { port, stop } = await debuggingChromium();
  try {
    const out: PageScore[] = [];
    for (const { page, cookie, kind = 'public' } of pages) {
      if (cookie) {
        // Lighthouse's storage reset keeps cookies, so the page loads signed in on every run.
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
        await cdp.contexts()[0].addCookies(browserCookies(base, cookie));
        await cdp.close();
      }
      const scores: number[] = [];
      const errors: string[] = [];
      const finalUrls: string[] = [];
      const lcpMs: number[] = [];
      const scored: { score: number; cls: number | null; scripts: number | null }[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${base}${page}`, {
          port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
        }).catch((err: Error) => {
          errors.push(err.message.split('\n')[0]);
          return undefined;
        });
        if (!result) continue;
        // BENCH_LIGHTHOUSE_OUT=dir keeps each run's full report (what holds the largest paint, the chains).
        const keep = process.env.BENCH_LIGHTHOUSE_OUT;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          writeFileSync(
            path.join(keep, `${page.replace(/\W+/g, '') || 'root'}-${run + 1}.json`),
            String(result.report),
          );
        }
        const score = result?.lhr.categories.performance?.score;
        finalUrls.push(result.lhr.finalDisplayedUrl);
        const audits = result.lhr.audits;
        const lcp = audits['largest-contentful-paint']?.numericValue;
        if (typeof lcp === 'number') lcpMs.push(Math.round(lcp));
        if (typeof score === 'number') {
          scores.push(Math.round(score * 100));
          const items = (audits['network-requests']?.details as { items?: { resourceType?: string }[] } | undefined)
            ?.items;
          scored.push({
            score: Math.round(score * 100),
            cls: audits['cumulative-layout-shift']?.numericValue ?? null,
            scripts: items ? items.filter((i) => i.resourceType === 'Script').length : null,
          });
        } else errors.push(result.lhr.runtimeError?.code ?? 'no score');
      }
      const median = medianOf(scores);
      const lcpMedianMs = medianOf(lcpMs);
      const typical = [...scored].sort((a, b) => a.score - b.score)[Math.floor(scored.length / 2)];
      console.log(
        `lighthouse mobile ${page}: ${scores.join(', ')} → ${median}; LCP ${lcpMs.join(', ')} ms; CLS ${typical?.cls?.toFixed(3)}; ${typical?.scripts} scripts${errors.length ? ` (errors: ${errors.join(', ')})` : ''} (ended on ${finalUrls.join(', ')})`,
      );
      out.push({
        page,
        scores,
        errors,
        median,
        finalUrls,
        lcpMs,
        lcpMedianMs,
        cls: typical?.cls ?? null,
        scripts: typical?.scripts ?? null,
        kind,
      });
    }
    return out;
  } finally {
    await stop();
  }
}
