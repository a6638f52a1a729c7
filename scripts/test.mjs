#!/usr/bin/env node
// `npm test`: type check, lint, build the web app, then every test project in one Vitest run
// (unit, API on PGlite, API on PostgreSQL when one answers, browser end-to-end).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const extra = process.argv.slice(2);

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function runQuiet(label, cmd, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      console.log(`\n▶ ${label} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

function postgresAnswers() {
  const url = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// The type check, the lint, the import boundaries and the web build do not depend on each other: run at once
// on two cores they take about as long as the type check alone, about half a minute less than in a row.
// Each step's output is held and printed whole when it ends, so the log reads as before.
const [typeCheck, lint, boundaries, buildWeb] = await Promise.all([
  runQuiet('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  runQuiet('lint', bin('biome'), ['check', '.']),
  // Import circles and imports that bypass a feature's index (decision 0082): a lint failure like Biome's.
  runQuiet('import boundaries', bin('tsx'), ['scripts/boundaries.ts']),
  runQuiet('build web', process.execPath, ['scripts/build.mjs', '--web', '--quiet'], {
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
  }),
]);
const failedSteps = [typeCheck, lint, boundaries].filter((status) => status !== 0).length;
if (buildWeb !== 0) {
  console.error('The web build failed; the browser tests need it.');
  process.exit(1);
}

const projects = ['unit', 'unit-tz-west', 'unit-tz-east', 'api-pglite'];
const postgres = await postgresAnswers();
if (postgres) projects.push('api-postgres');
else console.log('\nPostgreSQL does not answer on 127.0.0.1:5432: the API tests run on PGlite only.');
projects.push('e2e');

mkdirSync(path.join(root, 'test-results'), { recursive: true });
const report = path.join(root, 'test-results/vitest.json');
const status = run(
  'tests',
  bin('vitest'),
  [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ],
  // The matrix and the fuzz walk run on PostgreSQL when it answers, else on PGlite (decision 0108).
  { WALKS_ON: postgres ? 'postgres' : 'pglite' },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  if (json.numTotalTests === 0) failed += 1;
}
if (status !== 0 && failed === 0) {
  // A file that failed to load, or an unhandled error between tests, fails the run without failing a
  // test; the totals line must not read as green then.
  console.error(
    '\nVitest failed outside any single test (a file that did not load, or an unhandled error): see above.',
  );
  failed += 1;
}
const line = `${passed} passed, ${failed + failedSteps} failed`;
writeFileSync(path.join(root, 'test-results/summary.txt'), `${line}\n`);
console.log(`\n${line}`);
process.exit(status !== 0 || failedSteps > 0 || failed > 0 ? 1 : 0);
