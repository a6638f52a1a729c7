/*
 * `npx tsx scripts/bench/intl-first-format.ts` (and `npm run bench -- --only intl`): what a page's first
 * date and first amount cost on a slowed phone, written by hand (decision 0063) and by `Intl`, in a fresh
 * Chromium page each time, the CPU slowed 4x as Lighthouse's mobile run does. It is the measure behind
 * decision 0098's choice: the first `Intl` formatter of a page builds ICU's patterns.
 */
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const ENTRY = `
import { formatUsd, formatCount } from './src/shared/catalogue/money';
import { formatCalendarDate, formatDate } from './src/shared/format/dates';
globalThis.byHand = (lang) => [formatDate('2026-11-28T09:30:00.000Z', lang), formatCalendarDate('2027-04-15', lang), formatUsd(123450, lang), formatCount(1234567, lang)];
globalThis.byIntl = (lang) => {
  const locale = lang === 'tr' ? 'tr-TR' : 'en-US';
  return [
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date('2026-11-28T09:30:00.000Z')),
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date('2027-04-15T00:00:00Z')),
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1234.5),
    new Intl.NumberFormat(locale).format(1234567),
  ];
};
`;

export interface IntlFigure {
  way: 'by hand' | 'Intl';
  lang: 'tr' | 'en';
  /** Median of the runs, in ms of the slowed page's own clock: the first four texts of a fresh page. */
  firstMs: number;
  /** The same four texts again in the same page. */
  againMs: number;
  sample: string[];
}

const RUNS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureIntlFirstFormat(): Promise<IntlFigure[]> {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  const script = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const figures: IntlFigure[] = [];
  try {
    for (const lang of ['tr', 'en'] as const) {
      for (const way of ['by hand', 'Intl'] as const) {
        const first: number[] = [];
        const again: number[] = [];
        let sample: string[] = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({ locale: lang === 'tr' ? 'tr-TR' : 'en-US' });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.setContent('<!doctype html><title>intl</title>');
          await page.addScriptTag({ content: script });
          const out = await page.evaluate(
            ({ fn, lang }) => {
              const f = (globalThis as unknown as Record<string, (l: string) => string[]>)[fn]!;
              const t0 = performance.now();
              const texts = f(lang);
              const t1 = performance.now();
              f(lang);
              const t2 = performance.now();
              return { texts, first: t1 - t0, again: t2 - t1 };
            },
            { fn: way === 'Intl' ? 'byIntl' : 'byHand', lang },
          );
          first.push(out.first);
          again.push(out.again);
          sample = out.texts;
          await context.close();
        }
        figures.push({ way, lang, firstMs: median(first), againMs: median(again), sample });
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureIntlFirstFormat();
  console.log('first date and amount of a fresh page, CPU slowed 4x (median of 7 pages)\n');
  console.log('| way | lang | first (ms) | again (ms) | texts |');
  console.log('| --- | --- | ---: | ---: | --- |');
  for (const f of figures)
    console.log(
      `| ${f.way} | ${f.lang} | ${f.firstMs.toFixed(1)} | ${f.againMs.toFixed(2)} | ${f.sample.join(' · ')} |`,
    );
}
