/**
 * docs/benchmarks.md and docs/benchmarks.json from one run's figures. The markdown's part below
 * ANALYSIS_MARK is written by hand (causes of missed targets, the admin lists' history) and is kept.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../tests/support/portal-process';

export const ANALYSIS_MARK = '<!-- Everything below this line is written by hand and kept by `npm run bench`. -->';

export interface Row {
  what: string;
  figure: string;
  target: string;
  /** null: shown, no target; undefined never. */
  met: boolean | null;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    /** The 1-minute load average when the run started: how busy the shared machine was. */
    loadAverage: Number(os.loadavg()[0].toFixed(1)),
    platform: `${os.type()} ${os.release()}`,
  };
}

export function writeReport(rows: Row[], details: string[], figures: Record<string, unknown>, startedAt: Date) {
  const m = machine();
  const mdPath = path.join(ROOT, 'docs/benchmarks.md');
  const previous = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '';
  const at = previous.indexOf(ANALYSIS_MARK);
  const analysis = at >= 0 ? previous.slice(at + ANALYSIS_MARK.length) : `\n${previous}`;
  const mark = (met: boolean | null) => (met === null ? 'shown' : met ? 'met' : '**missed**');
  const table = [
    '| what | figure | target | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.what} | ${r.figure} | ${r.target} | ${mark(r.met)} |`),
  ];
  const md = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (scripts/bench/run.ts) on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `on ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB of memory, Node ${m.node}, ${m.platform}; PostgreSQL on the`,
    'same host. The portal runs as `npm start` runs it (NODE_ENV=production) in a process of its own; the load',
    'generator (autocannon, 50 connections) runs in the bench process. Ratios are measured side by side in the',
    `same run; absolute times move by ±50% on this shared machine (load average ${m.loadAverage} on ${m.cores} cores when`,
    'this run started) and are never asserted in `npm test`. Raw figures: docs/benchmarks.json.',
    '',
    ...table,
    '',
    ...details,
    '',
    ANALYSIS_MARK,
    analysis.replace(/^\n*/, '\n'),
  ].join('\n');
  writeFileSync(mdPath, md.endsWith('\n') ? md : `${md}\n`);
  writeFileSync(
    path.join(ROOT, 'docs/benchmarks.json'),
    `${JSON.stringify({ date: startedAt.toISOString(), machine: m, rows, figures }, null, 2)}\n`,
  );
}
