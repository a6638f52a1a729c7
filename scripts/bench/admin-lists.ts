/**
 * `npm run bench:admin`: the admin lists through the real API (the portal's server on a port, fetch
 * over HTTP) against the benchmark database that `npm run bench:seed` fills. For each list it prints
 * p50 and p95 latency of search, filter, sort and deep pages, then streams the formations CSV export
 * and prints the process's peak memory while it runs. Targets (decision 0014): p95 < 50 ms, export < 200 MB.
 * Never part of `npm test`: timings on a shared machine are measured, not asserted. `npm run bench`
 * (run.ts) reuses the cases and the sign-in against a portal started in a process of its own.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../../src/server/app';
import { buildDeps } from '../../src/server/bootstrap';
import { openDatabase } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { base32Decode, hotp, timeStep } from '../../src/server/features/two-factor/totp.service';
import { BENCH_DATABASE_URL, ensureBenchDatabase } from './bench-db';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
/** The bench's owner: made by the seed (which makes staff too, so the admin code, first owner only, is closed). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
const ADMIN = BENCH_ADMIN;
const CODE = 'bench-admin-code-0123456789';

const TODAY = new Date().toISOString().slice(0, 10);
const YEAR_START = `${TODAY.slice(0, 4)}-01-01`;
const DAYS_AGO_89 = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);

export const ADMIN_LIST_CASES: [string, string][] = [
  ['formations: first page', '/api/admin/formations?page=1&pageSize=20'],
  ['formations: search email', '/api/admin/formations?q=ayse.yilmaz.777760%40'],
  ['formations: search Turkish name', `/api/admin/formations?q=${encodeURIComponent('ŞİMŞEK Atölye')}`],
  ['formations: filter status', '/api/admin/formations?status=ein_created&page=1'],
  ['formations: sort updated asc', '/api/admin/formations?sort=updated_asc&page=1'],
  ['formations: deep page 2000', '/api/admin/formations?page=2000&pageSize=20'],
  ['ein desk: first page', '/api/admin/ein-applications?page=1&pageSize=20'],
  ['ein desk: search', `/api/admin/ein-applications?q=${encodeURIComponent('yıldız dijital')}`],
  ['ein desk: filter + oldest', '/api/admin/ein-applications?status=ss4_ready&sort=created_asc'],
  ['ein desk: deep page 2000', '/api/admin/ein-applications?page=2000&pageSize=20'],
  ['users: first page', '/api/admin/users?page=1&pageSize=20'],
  ['users: search name', `/api/admin/users?q=${encodeURIComponent('IŞIL KILIÇ')}`],
  ['users: search email', '/api/admin/users?q=ece.kurt.5'],
  ['users: oldest', '/api/admin/users?sort=oldest&page=1'],
  ['users: deep page 2000', '/api/admin/users?page=2000&pageSize=20'],
  ['ein desk: waiting longest', '/api/admin/ein-applications?sort=waiting_longest&page=1'],
  // Decision 0050: overdue at the IRS (every desk page also counts them for the top bar).
  ['ein desk: overdue', '/api/admin/ein-applications?overdue=1&page=1'],
  ['ein desk: overdue, waiting longest', '/api/admin/ein-applications?overdue=1&sort=waiting_longest&page=1'],
  ['deadlines: next 60 days', '/api/admin/compliance/deadlines?days=60&page=1'],
  ['deadlines: 180 days, search', `/api/admin/compliance/deadlines?days=180&q=${encodeURIComponent('şimşek')}`],
  // One customer's email: the rare match that the trigram index finds (decision 0028).
  ['deadlines: 180 days, search email', `/api/admin/compliance/deadlines?days=180&q=${encodeURIComponent('.777777@')}`],
  // Decision 0057: the agent rows, each page row joined to its subscription for the line it shows.
  ['deadlines: agent renewals 180 days', '/api/admin/compliance/deadlines?days=180&rule=registered_agent_renewal'],
  // Decision 0100: Form 8822-B items joined into the desk from the mailing address changes (2% seeded).
  ['deadlines: Form 8822-B, 180 days', '/api/admin/compliance/deadlines?days=180&rule=form_8822b'],
  ['deadlines: overdue (8822-B joined)', '/api/admin/compliance/deadlines?overdue=1&page=1'],
  ['support: first page', '/api/admin/support/threads?page=1&pageSize=20'],
  ['orders: first page', '/api/admin/orders?page=1&pageSize=20'],
  ['orders: filter status + TEST MODE', '/api/admin/orders?status=paid&mode=test&page=1'],
  ['orders: filter package', '/api/admin/orders?service=formation_with_payment&page=1'],
  ['orders: search customer', `/api/admin/orders?q=${encodeURIComponent('IŞIL KILIÇ')}`],
  ['orders: deep page 2000', '/api/admin/orders?page=2000&pageSize=20'],
  // The audit trail (decision 0043): about ten rows per customer.
  ['renewals: due in 30 days', '/api/admin/renewals?view=due&days=30&page=1'],
  ['renewals: in grace', '/api/admin/renewals?view=grace&page=1'],
  ['renewals: lapsed, latest first', '/api/admin/renewals?view=lapsed&sort=end_desc&page=1'],
  ['renewals: cancelled, search', `/api/admin/renewals?view=cancelled&q=${encodeURIComponent('şimşek')}`],
  ['renewals: due 90 days, agent', '/api/admin/renewals?view=due&days=90&product=registered_agent&page=1'],
  ['audit: first page', '/api/admin/audit?page=1&pageSize=25'],
  ['audit: oldest first', '/api/admin/audit?sort=oldest&page=1'],
  ['audit: filter action', '/api/admin/audit?action=ein.ssn_revealed&page=1'],
  ['audit: filter actor', '/api/admin/audit?actor=bench-staff-3&page=1'],
  ['audit: filter customer', '/api/admin/audit?customer=bench-777760'],
  ['audit: date range', '/api/admin/audit?from=2025-03-01&to=2025-03-07&page=1'],
  [
    'audit: action + actor + range',
    '/api/admin/audit?action=formation.status_changed&actor=bench-staff-2&from=2025-01-01&to=2025-06-30',
  ],
  ['audit: search customer', `/api/admin/audit?q=${encodeURIComponent('IŞIL KILIÇ')}`],
  ['audit: deep page 2000', '/api/admin/audit?page=2000&pageSize=25'],
  // The operator's home (decision 0055, 0056): each panel, this month and this year; target p95 ≤ 100 ms.
  ['home growth: this month', '/api/admin/home/growth'],
  ['home growth: this year', `/api/admin/home/growth?from=${YEAR_START}&to=${TODAY}`],
  ['home funnel: last 90 days', `/api/admin/home/funnel?from=${DAYS_AGO_89}&to=${TODAY}`],
  ['home funnel: by link', `/api/admin/home/funnel?from=${YEAR_START}&to=${TODAY}&link=bahar-kampanya`],
  ['home funnel: by UTM source', `/api/admin/home/funnel?from=${YEAR_START}&to=${TODAY}&utm=instagram`],
  ['home money: this year', `/api/admin/home/money?from=${YEAR_START}&to=${TODAY}`],
  ['home IRS clock: this month', '/api/admin/home/irs'],
  ['home IRS clock: last 90 days', `/api/admin/home/irs?from=${DAYS_AGO_89}&to=${TODAY}`],
  ['home care: this month', '/api/admin/home/care'],
  ['home care: last 90 days', `/api/admin/home/care?from=${DAYS_AGO_89}&to=${TODAY}`],
  ['home deadlines', '/api/admin/home/deadlines'],
  // The home's bank panel (decisions 0084, 0085): answers per provider, refusal reasons, stale rules.
  ['home bank applications', '/api/admin/bank-readiness/summary'],
  // The list behind the bank panel's figures (decision 0091): about half a million answers.
  ['bank applications: first page', '/api/admin/bank-readiness/applications?page=1&pageSize=20'],
  ['bank applications: one provider', '/api/admin/bank-readiness/applications?provider=relay&page=1'],
  [
    'bank applications: one refusal reason',
    `/api/admin/bank-readiness/applications?outcome=refused&reason=${encodeURIComponent('owner must have a us address')}`,
  ],
  [
    'bank applications: search customer',
    `/api/admin/bank-readiness/applications?q=${encodeURIComponent('IŞIL KILIÇ')}`,
  ],
  ['bank applications: deep page 2000', '/api/admin/bank-readiness/applications?page=2000&pageSize=20'],
  // The mailroom (decisions 0086, 0089): about three letters per customer; its desk and its home panel.
  ['mail: all letters', '/api/admin/mail/letters?page=1&pageSize=20'],
  ['mail: to scan', '/api/admin/mail/letters?queue=to_scan&page=1'],
  ['mail: waiting for the customer', '/api/admin/mail/letters?queue=waiting&page=1'],
  ['mail: to forward', '/api/admin/mail/letters?queue=to_forward&page=1'],
  ['mail: unmatched', '/api/admin/mail/letters?queue=unmatched&page=1'],
  ['mail: search company', `/api/admin/mail/letters?q=${encodeURIComponent('IŞIL KILIÇ')}`],
  ['mail: deep page 2000', '/api/admin/mail/letters?page=2000&pageSize=20'],
  ['home mail: this month', '/api/admin/mail/summary'],
  ['home mail: last 90 days', `/api/admin/mail/summary?from=${DAYS_AGO_89}&to=${TODAY}`],
  // Tracked filings (decision 0051): about 2.2 per customer.
  ['filings: waiting longest', '/api/admin/filings?page=1&pageSize=25'],
  ['filings: newest first', '/api/admin/filings?sort=newest&page=1'],
  ['filings: due soonest', '/api/admin/filings?sort=due&page=1'],
  ['filings: year', '/api/admin/filings?year=2025&page=1'],
  ['filings: kind 5472', '/api/admin/filings?kind=form_5472&page=1'],
  ['filings: kind 7004', '/api/admin/filings?kind=form_7004&page=1'],
  ['filings: kind state report', '/api/admin/filings?kind=state_report&page=1'],
  ['filings: status', '/api/admin/filings?status=signed&page=1'],
  ['filings: year + status', '/api/admin/filings?year=2025&status=answered&page=1'],
  ['filings: search customer', `/api/admin/filings?q=${encodeURIComponent('IŞIL KILIÇ')}`],
];

const CASE_BUDGET_MS = 20_000;

export interface CaseTiming {
  label: string;
  status: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
}

/**
 * Signs the bench admin in, creating it with the admin code on a fresh database, and sets up its second
 * factor (every admin operation needs one, decision 0042) with a code computed from the key the API
 * shows; the cookie header. An earlier run's factor is removed first in `databaseUrl`, the bench's own.
 */
export async function benchAdminCookie(base: string, adminCode: string, databaseUrl?: string): Promise<string> {
  const headers = { origin: base, 'content-type': 'application/json' };
  if (databaseUrl) await forgetBenchFactor(databaseUrl);
  let res = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) {
    res = await fetch(`${base}/api/auth/admin-sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        fullName: 'Bench Admin',
        ...ADMIN,
        confirmPassword: ADMIN.password,
        adminCode,
        terms: true,
      }),
    });
  }
  if (res.status >= 300) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = new Map<string, string>();
  const keep = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      cookies.set(pair.slice(0, pair.indexOf('=')), pair);
    }
  };
  keep(res);
  const cookie = () => [...cookies.values()].join('; ');
  // Decision 0042: staff work only with a second factor (every admin call answers TWO_FACTOR_REQUIRED
  // without one). The bench owner's factor was removed before signing in; it is set up anew here.
  const setup = await fetch(`${base}/api/me/two-factor/setup`, {
    method: 'POST',
    headers: { ...headers, cookie: cookie() },
    body: '{}',
  });
  if (setup.status !== 200) throw new Error(`bench second factor setup failed: ${setup.status} ${await setup.text()}`);
  keep(setup);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await fetch(`${base}/api/me/two-factor/enable`, {
    method: 'POST',
    headers: { ...headers, cookie: cookie() },
    body: JSON.stringify({ code: hotp(base32Decode(secret), timeStep(Date.now())) }),
  });
  if (enable.status !== 200) throw new Error(`bench second factor failed: ${enable.status} ${await enable.text()}`);
  keep(enable);
  return cookie();
}

/** The bench owner signs in with a password only: its second factor, from an earlier run, goes first. */
async function forgetBenchFactor(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.db.execute(
      sql`delete from two_factors where user_id in (select id from users where email = ${ADMIN.email})`,
    );
  } finally {
    await database.close();
  }
}

/** Each case `samples` times one after another (after 3 warm-ups), printing a line per case. */
export async function timeAdminLists(base: string, cookie: string, samples = SAMPLES): Promise<CaseTiming[]> {
  const out: CaseTiming[] = [];
  // BENCH_CASES=orders,audit: only the cases whose label contains one of the words (a re-check after a fix).
  const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
  for (const [label, url] of ADMIN_LIST_CASES) {
    if (only && !only.some((word) => label.includes(word))) continue;
    const times: number[] = [];
    let status = 0;
    const started = performance.now();
    for (let i = 0; i < samples + 3; i++) {
      // A case slower than a second per request gets 3 samples, not 20: the bench has a time budget.
      if (times.length >= 3 && performance.now() - started > CASE_BUDGET_MS) break;
      const t0 = performance.now();
      const r = await fetch(`${base}${url}`, { headers: { cookie } });
      await r.arrayBuffer();
      status = r.status;
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const timing = { label, status, samples: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
    out.push(timing);
    console.log(
      `${label.padEnd(34)} ${String(status).padEnd(4)} p50 ${timing.p50Ms.toFixed(1).padStart(7)} ms   p95 ${timing.p95Ms.toFixed(1).padStart(7)} ms`,
    );
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  await ensureBenchDatabase();
  const server = serve({ fetch: (req, b) => app.fetch(req, b), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const env = parseEnv({
    // Not `test`: the seed's owner has a password hashed at production work (password-hash.service.ts).
    NODE_ENV: 'development',
    DATABASE_URL: BENCH_DATABASE_URL,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-bench-')),
    PUBLIC_URL: base,
    PORT: String(port),
    ADMIN_SIGNUP_CODE: CODE,
    LOG_LEVEL: 'silent',
  });
  const deps = await buildDeps(env, {
    logger: pino({ level: 'silent' }),
    rateLimits: { signInPerAddress: { max: 1000, windowMs: 60_000 } },
  });
  const app = createApp(deps, { serveWeb: false });

  const cookie = await benchAdminCookie(base, CODE, BENCH_DATABASE_URL);

  const [{ n }] = (
    await deps.database.db.execute<{ n: number }>(
      "select count(*)::int as n from users where id like 'bench-%'" as never,
    )
  ).rows as { n: number }[];
  console.log(`benchmark database: ${n} seeded customers; ${SAMPLES} samples per query\n`);

  await timeAdminLists(base, cookie);

  // The export: stream every row and watch the whole process's memory while it runs. The process holds
  // the server and the client (and tsx); the figure that matters is how far the export lifts it.
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const r = await fetch(`${base}/api/admin/formations/export.csv`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  if (r.body) {
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines += 1;
    }
  }
  clearInterval(sampler);
  console.log(
    `\nformations CSV export: status ${r.status}, ${lines} lines, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; RSS before ${(baseline / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - baseline) / 1e6).toFixed(0)} MB)`,
  );

  server.close();
  await deps.database.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
