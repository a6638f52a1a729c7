/**
 * `npx tsx scripts/bench/profile-route.ts [route] [seconds]`: where the portal's time goes on one route.
 * Starts the portal in production mode on a throwaway database with `--cpu-prof`, signs a customer in
 * (with a formation), loads the route with autocannon (50 connections), stops the portal and prints the
 * self time by package and the busiest functions from the server's profile. For docs/benchmarks.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AS_PRODUCTION, ROOT, startPortal } from '../../tests/support/portal-process';
import { BENCH_DATABASE_URL } from './bench-db';
import { load } from './load';
import { onboardedCustomer } from './portal-fixtures';

interface ProfileNode {
  id: number;
  hitCount: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const route = process.argv[2] ?? '/api/formations/me';
const seconds = Number(process.argv[3] ?? 10);
const DB = `portal_bench_profile_${process.pid}`;
const dbUrl = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${DB}` }).toString();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));

async function admin(text: string) {
  const client = new pg.Client({
    connectionString: Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/postgres' }).toString(),
  });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

function where(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (!url) return '(native / runtime)';
  if (url.startsWith('node:')) return 'node core';
  return 'portal';
}

function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((n, node) => n + node.hitCount, 0);
  const busy = profile.nodes.filter((n) => n.callFrame.functionName !== '(idle)');
  const busyTotal = busy.reduce((n, node) => n + node.hitCount, 0);
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of busy) {
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = functionName.startsWith('(') ? functionName : where(url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
    const fn = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.hitCount);
  }
  const pct = (n: number) => `${((100 * n) / busyTotal).toFixed(1)}%`.padStart(6);
  console.log(`\nbusy ${((100 * busyTotal) / total).toFixed(0)}% of the samples; self time of the busy part:`);
  for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(v)}  ${k}`);
  console.log('\nbusiest functions (self):');
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(v)}  ${k}`);
}

async function main() {
  await admin(`drop database if exists ${DB} with (force)`);
  await admin(`create database ${DB}`);
  const profDir = path.join(tmp, 'prof');
  const portal = await startPortal({
    ...AS_PRODUCTION,
    env: { DATABASE_URL: dbUrl, DATA_DIR: path.join(tmp, 'data') },
    // Not through NODE_OPTIONS, which refuses --cpu-prof on Node 20: the compiled server, as start.mjs runs it.
    run: { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`, path.join(ROOT, 'dist/server/main.js')] },
  });
  try {
    const cookie = await onboardedCustomer(portal.url);
    await load(`${portal.url}${route}`, { headers: { cookie }, seconds: 2 });
    const r = await load(`${portal.url}${route}`, { headers: { cookie }, seconds });
    console.log(`${route}: ${r.requestsPerSec.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`);
  } finally {
    await portal.stop();
  }
  const [file] = readdirSync(profDir);
  summarise(path.join(profDir, file));
}

try {
  await main();
} finally {
  await admin(`drop database if exists ${DB} with (force)`).catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}
