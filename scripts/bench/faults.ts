/**
 * `npm run bench:faults [-- --out result.json] [-- --seconds N]`: decision 0026's faults, too slow and too
 * rough for `npm test`.
 *
 * 1. A PostgreSQL cluster of its own (initdb into a temp folder, a free port: the machine's shared
 *    server on 5432 is never touched) and the portal on it, as its own process in production mode.
 * 2. 20 clients write continuously (sign-ups, an admin's EIN notes, support replies) while the cluster
 *    is restarted (`pg_ctl restart -m fast`). Every write the API acknowledged (2xx) must be in the
 *    database afterwards; no answer may be a 500; /readyz must fail during the restart and come back
 *    without the portal being restarted (the same process).
 * 3. SIGTERM to the portal while clients upload documents and reply: the process must exit 0, every
 *    acknowledged upload and reply must be in the database, and no file in DATA_DIR/files may lack
 *    the row that points at it (an orphan).
 * 4. The restore drill (decision 0049; `--no-restore-drill` skips it): `npm run backup`'s code backs up
 *    the bench database (BENCH_DATABASE_URL, read only) and restores it into a new database beside it,
 *    which is checked against the manifest (every table's rows and checksum) and then dropped. Reports
 *    the backup's and the restore's time and size at the bench database's scale. `--restore-drill-only`
 *    runs this phase alone.
 * Prints a summary, writes the result as JSON to --out, and exits 1 when a check fails.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createBackup, restoreBackup } from '../../src/server/platform/backup/backup';
import { backupOriginKey, newBackupKey } from '../../src/server/platform/backup/backup-key';
import { createDiskStorage } from '../../src/server/platform/storage/disk-storage';
import {
  encodeBody,
  type HttpAnswer,
  httpRequest,
  type PortalProcess,
  startPortal,
} from '../../tests/support/portal-process';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const OUT = option('out');
const RESTORE_DRILL = !args.includes('--no-restore-drill');
/** The restore drill alone, without the cluster phases. */
const DRILL_ONLY = args.includes('--restore-drill-only');
/** Writing time around the restart: a third before it, the rest after. */
const SECONDS = Number(option('seconds') ?? 12);
const CLIENTS = 20;
const PUBLIC_URL = 'https://portal.faults.test';
const HOST = new URL(PUBLIC_URL).host;
const PASSWORD = 'Passw0rd!23';
const ADMIN_CODE = `faults-admin-code-${randomBytes(6).toString('hex')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}`);
};

// ---------------------------------------------------------------------------------------------------
// A throwaway PostgreSQL cluster

function pgBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  if (!versions.length) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** initdb refuses to run as root; as root the cluster is run by the `postgres` user. */
function clusterOwnerCommand(command: string, commandArgs: string[]): [string, string[]] {
  const root = process.getuid?.() === 0;
  return root ? ['runuser', ['-u', 'postgres', '--', command, ...commandArgs]] : [command, commandArgs];
}

function asClusterOwner(command: string, commandArgs: string[]) {
  const [file, fileArgs] = clusterOwnerCommand(command, commandArgs);
  return execFileSync(file, fileArgs, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** Without blocking this process: the /readyz prober and the clients keep running meanwhile. */
async function asClusterOwnerAsync(command: string, commandArgs: string[]) {
  const [file, fileArgs] = clusterOwnerCommand(command, commandArgs);
  await promisify(execFile)(file, fileArgs);
}

async function startCluster(dir: string) {
  const bin = pgBinDir();
  const data = path.join(dir, 'pgdata');
  const log = path.join(dir, 'postgres.log');
  mkdirSync(data);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  const port = await freePort();
  asClusterOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const ctl = (...rest: string[]) => asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', data, ...rest]);
  ctl('-o', options, '-l', log, '-w', 'start');
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query('create database portal_faults');
  await admin.end();
  return {
    url: url('portal_faults'),
    /** A clean, fast restart: open connections are ended, then the server comes back on the same port. */
    restart: () =>
      asClusterOwnerAsync(path.join(bin, 'pg_ctl'), [
        '-D',
        data,
        '-o',
        options,
        '-l',
        log,
        '-m',
        'fast',
        '-w',
        'restart',
      ]),
    stop: () => {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        // already stopped
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Talking to the portal as browsers behind a proxy would

type Portal = PortalProcess;
let addressSeq = 0;

function browser() {
  addressSeq += 1;
  const address = `198.51.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
  let cookie = '';
  async function send(portal: Portal, method: string, p: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = { host: HOST, 'x-forwarded-for': address };
    if (method !== 'GET') headers.origin = PUBLIC_URL;
    if (cookie) headers.cookie = cookie;
    const { payload, contentType } = await encodeBody(body);
    if (contentType) headers['content-type'] = contentType;
    const res = await withTimeout(
      httpRequest(`${portal.url}${p}`, { method, headers, body: payload }),
      30_000,
      `${method} ${p}`,
    );
    const set = res.headers['set-cookie'];
    if (set?.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    return res;
  }
  return { send };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    }),
  ]);
}

const pdfBytes = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 16)), Buffer.from('\n%%EOF\n')]);

interface Customer {
  b: ReturnType<typeof browser>;
  id: string;
  email: string;
  threadId: string;
  einId: string;
}

async function signUp(portal: Portal, email: string) {
  const b = browser();
  const res = await b.send(portal, 'POST', '/api/auth/sign-up', {
    fullName: 'Fault Test',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    terms: true,
  });
  return { b, res };
}

async function setUp(portal: Portal, db: pg.Pool) {
  const admin = browser();
  const made = await admin.send(portal, 'POST', '/api/auth/admin-sign-up', {
    fullName: 'Fault Admin',
    email: 'faults-admin@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    adminCode: ADMIN_CODE,
    terms: true,
  });
  if (made.status !== 201) throw new Error(`admin sign-up: ${made.status} ${made.body}`);
  const customers: Customer[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `faults-customer-${i}@example.com`;
    const { b, res } = await signUp(portal, email);
    if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${res.body}`);
    const id = res.json().user.id as string;
    const form = new FormData();
    form.set('subject', `Thread ${i}`);
    form.set('message', 'first');
    const thread = await b.send(portal, 'POST', '/api/support/threads', form);
    if (thread.status !== 201) throw new Error(`support thread: ${thread.status} ${thread.body}`);
    // The EIN desk's notes need an application; the wizard's own checks are not under test here.
    const ein = await db.query<{ id: string }>(
      `insert into ein_applications (user_id, business_name, email, state, business_activity,
         responsible_party_name, responsible_party_phone)
       values ($1, $2, $3, 'WY', 'consulting', 'Fault Test', '+905321234567') returning id`,
      [id, `Fault ${i} LLC`, email],
    );
    customers.push({ b, id, email, threadId: thread.json().thread.id, einId: ein.rows[0].id });
  }
  return { admin, customers };
}

// ---------------------------------------------------------------------------------------------------
// Phase 1: PostgreSQL restarts under writes

interface WriteLog {
  attempted: number;
  statuses: Record<string, number>;
  signUps: string[];
  replies: { id: string; threadId: string }[];
  /** Per application, every note sent in order, and whether the API acknowledged it. */
  notes: Map<string, { value: string; acked: boolean }[]>;
  fiveHundreds: string[];
  /** Set once the restart has finished: writes acknowledged after it prove the portal reconnected. */
  restartedAt: number | null;
  ackedAfterRestart: number;
}

function newWriteLog(): WriteLog {
  return {
    attempted: 0,
    statuses: {},
    signUps: [],
    replies: [],
    notes: new Map(),
    fiveHundreds: [],
    restartedAt: null,
    ackedAfterRestart: 0,
  };
}

function count(log: WriteLog, kind: string, status: number | string) {
  const key = `${kind} ${status}`;
  log.statuses[key] = (log.statuses[key] ?? 0) + 1;
}

async function writer(
  portal: Portal,
  admin: ReturnType<typeof browser>,
  me: Customer,
  index: number,
  log: WriteLog,
  until: () => boolean,
) {
  let seq = 0;
  const notes: { value: string; acked: boolean }[] = [];
  log.notes.set(me.einId, notes);
  while (!until()) {
    seq += 1;
    const kind = ['sign-up', 'ein-note', 'support-reply'][(index + seq) % 3];
    log.attempted += 1;
    try {
      let res: HttpAnswer;
      if (kind === 'sign-up') {
        const email = `faults-${index}-${seq}-${randomBytes(3).toString('hex')}@example.com`;
        res = (await signUp(portal, email)).res;
        if (res.status === 201) log.signUps.push(email);
      } else if (kind === 'ein-note') {
        const note = { value: `note ${index}.${seq}`, acked: false };
        notes.push(note);
        res = await admin.send(portal, 'PUT', `/api/admin/ein-applications/${me.einId}/notes`, {
          adminNotes: note.value,
        });
        note.acked = res.status === 200;
      } else {
        const form = new FormData();
        form.set('message', `reply ${index}.${seq}`);
        res = await me.b.send(portal, 'POST', `/api/support/threads/${me.threadId}/messages`, form);
        if (res.status === 201) log.replies.push({ id: res.json().message.id, threadId: me.threadId });
      }
      count(log, kind, res.status);
      if (res.status < 300 && log.restartedAt !== null && performance.now() > log.restartedAt)
        log.ackedAfterRestart += 1;
      if (res.status >= 500 && res.status !== 503) log.fiveHundreds.push(`${kind} ${res.status} ${res.body}`);
      // An outage answers 503 with Retry-After; a client waits a little instead of hammering.
      if (res.status === 503) await sleep(200);
    } catch (err) {
      count(log, kind, (err as NodeJS.ErrnoException).code ?? 'error');
      await sleep(200);
    }
  }
}

async function verifyWrites(db: pg.Pool, log: WriteLog) {
  const users = await db.query<{ email: string }>('select email from users where email = any($1)', [log.signUps]);
  const found = new Set(users.rows.map((r) => r.email));
  const missingSignUps = log.signUps.filter((e) => !found.has(e));
  const replyIds = log.replies.map((r) => r.id);
  const messages = await db.query<{ id: string }>('select id from support_messages where id = any($1::uuid[])', [
    replyIds,
  ]);
  const foundReplies = new Set(messages.rows.map((r) => r.id));
  const missingReplies = replyIds.filter((id) => !foundReplies.has(id));
  // A note overwrites the last: the stored one must be the last acknowledged, or one sent after it
  // whose answer was lost (written, but the reply never arrived), never an older one.
  const wrongNotes: string[] = [];
  let ackedNotes = 0;
  const rows = await db.query<{ id: string; admin_notes: string | null }>(
    'select id, admin_notes from ein_applications where id = any($1::uuid[])',
    [[...log.notes.keys()]],
  );
  const stored = new Map(rows.rows.map((r) => [r.id, r.admin_notes]));
  for (const [id, sent] of log.notes) {
    ackedNotes += sent.filter((n) => n.acked).length;
    const lastAcked = sent.map((n) => n.acked).lastIndexOf(true);
    if (lastAcked === -1) continue;
    const allowed = sent.slice(lastAcked).map((n) => n.value);
    if (!allowed.includes(stored.get(id) ?? '')) wrongNotes.push(`${id}: ${stored.get(id)} not in ${allowed}`);
  }
  return {
    acknowledged: { signUps: log.signUps.length, supportReplies: replyIds.length, einNotes: ackedNotes },
    missing: { signUps: missingSignUps, supportReplies: missingReplies, einNotes: wrongNotes },
  };
}

async function restartPhase(portal: Portal, cluster: Awaited<ReturnType<typeof startCluster>>, db: pg.Pool) {
  console.log(`\n1. ${CLIENTS} clients write for ${SECONDS} s; PostgreSQL restarts a third of the way in`);
  const { admin, customers } = await setUp(portal, db);
  const log = newWriteLog();
  const readyz: { at: number; status: number | string }[] = [];
  let stop = false;
  const t0 = performance.now();
  const poller = (async () => {
    while (!stop) {
      const status = await httpRequest(`${portal.url}/readyz`)
        .then((r) => r.status)
        .catch((err: NodeJS.ErrnoException) => err.code ?? 'error');
      readyz.push({ at: performance.now() - t0, status });
      await sleep(20);
    }
  })();
  const deadline = t0 + SECONDS * 1000;
  const writers = customers.map((c, i) => writer(portal, admin, c, i, log, () => performance.now() > deadline));
  await sleep((SECONDS * 1000) / 3);
  const restartStart = performance.now() - t0;
  await cluster.restart();
  const restartEnd = performance.now() - t0;
  log.restartedAt = performance.now();
  await Promise.all(writers);
  // Recovery is the portal's own doing: the same process, no restart, answers /readyz 200 again.
  const recovered = await waitFor(async () => (await httpRequest(`${portal.url}/readyz`)).status === 200, 30_000);
  stop = true;
  await poller;
  const failedDuring = readyz.filter((r) => r.at >= restartStart - 50 && r.status !== 200);
  const firstOkAfter = readyz.find((r) => r.at > restartEnd && r.status === 200);
  const verified = await verifyWrites(db, log);
  const result = {
    clients: CLIENTS,
    seconds: SECONDS,
    restartMs: Math.round(restartEnd - restartStart),
    writes: { attempted: log.attempted, ...verified.acknowledged, acknowledgedAfterRestart: log.ackedAfterRestart },
    answers: log.statuses,
    missing: verified.missing,
    fiveHundreds: log.fiveHundreds.slice(0, 10),
    readyz: {
      failedDuringRestart: failedDuring.length,
      statusesSeen: [...new Set(failedDuring.map((r) => r.status))],
      recoveredMsAfterRestart: firstOkAfter ? Math.round(firstOkAfter.at - restartEnd) : null,
      portalRestarted: portal.child.exitCode !== null,
    },
  };
  console.log(`   answers: ${JSON.stringify(log.statuses)}`);
  check(
    Object.values(verified.acknowledged).every((n) => n > 0),
    `writes were acknowledged of each kind (${JSON.stringify(verified.acknowledged)})`,
  );
  check(verified.missing.signUps.length === 0, `every acknowledged sign-up is in the database`);
  check(verified.missing.supportReplies.length === 0, `every acknowledged support reply is in the database`);
  check(verified.missing.einNotes.length === 0, `every EIN note holds its last acknowledged value (or a later one)`);
  check(log.fiveHundreds.length === 0, `no 5xx other than 503 (${log.fiveHundreds.length})`);
  check(log.ackedAfterRestart > 0, `writes were acknowledged after the restart (${log.ackedAfterRestart})`);
  check(failedDuring.length > 0, `/readyz failed during the restart (${failedDuring.length} probes)`);
  check(recovered && result.readyz.portalRestarted === false, '/readyz recovered without restarting the portal');
  return result;
}

async function waitFor(ok: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    if (await ok().catch(() => false)) return true;
    await sleep(50);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Phase 2: SIGTERM during uploads and writes

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      out.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return out;
}

async function sigtermPhase(portal: Portal, db: pg.Pool, dataDir: string) {
  console.log(`\n2. SIGTERM while ${CLIENTS / 2} clients upload 1 MB documents and ${CLIENTS / 2} reply`);
  const customers: Customer[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const { b, res } = await signUp(portal, `faults-term-${i}@example.com`);
    if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${res.body}`);
    const form = new FormData();
    form.set('subject', `Term ${i}`);
    form.set('message', 'first');
    const thread = await b.send(portal, 'POST', '/api/support/threads', form);
    customers.push({ b, id: res.json().user.id, email: '', threadId: thread.json().thread.id, einId: '' });
  }
  const uploads: string[] = [];
  const replies: string[] = [];
  const answers: Record<string, number> = {};
  let inFlightAtTerm = 0;
  let inFlight = 0;
  let terminated = false;
  const client = async (me: Customer, i: number) => {
    for (let seq = 0; ; seq++) {
      const form = new FormData();
      const upload = i % 2 === 0;
      if (upload) {
        form.set('category', 'other');
        form.set('file', new Blob([new Uint8Array(pdfBytes(1024 * 1024))], { type: 'application/pdf' }), 'f.pdf');
      } else {
        form.set('message', `term reply ${i}.${seq}`);
      }
      inFlight += 1;
      try {
        const res = upload
          ? await me.b.send(portal, 'POST', '/api/documents', form)
          : await me.b.send(portal, 'POST', `/api/support/threads/${me.threadId}/messages`, form);
        answers[res.status] = (answers[res.status] ?? 0) + 1;
        if (res.status === 201 && upload) uploads.push(res.json().document.id);
        if (res.status === 201 && !upload) replies.push(res.json().message.id);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'error';
        answers[code] = (answers[code] ?? 0) + 1;
        // Refused or reset: the server is gone, as a client would find.
        if (terminated) return;
      } finally {
        inFlight -= 1;
      }
      if (terminated && portal.child.exitCode !== null) return;
    }
  };
  const clients = customers.map((c, i) => client(c, i));
  await sleep(1500);
  inFlightAtTerm = inFlight;
  terminated = true;
  const t = performance.now();
  const code = await portal.stop(20_000);
  const stopMs = Math.round(performance.now() - t);
  await Promise.all(clients);

  const docs = await db.query<{ id: string; file_path: string }>('select id, file_path from documents');
  const docIds = new Set(docs.rows.map((r) => r.id));
  const msgs = await db.query<{ id: string }>('select id from support_messages where id = any($1::uuid[])', [replies]);
  const msgIds = new Set(msgs.rows.map((r) => r.id));
  const attachments = await db.query<{ file_path: string }>('select file_path from support_attachments');
  const einKeys = await db.query<{ key: string }>(
    `select unnest(array[articles_of_organization_key, registered_agent_invoice_key, uploaded_ss4_key,
       uploaded_signed_ss4_key, uploaded_ein_document_key, generated_ss4_key]) as key from ein_applications`,
  );
  const referenced = new Set([
    ...docs.rows.map((r) => r.file_path),
    ...attachments.rows.map((r) => r.file_path),
    ...einKeys.rows.map((r) => r.key).filter(Boolean),
  ]);
  const files = filesUnder(path.join(dataDir, 'files'));
  const orphans = files.filter((f) => !referenced.has(f));
  const missingUploads = uploads.filter((id) => !docIds.has(id));
  const missingReplies = replies.filter((id) => !msgIds.has(id));
  const result = {
    inFlightAtSigterm: inFlightAtTerm,
    exitCode: code,
    stopMs,
    acknowledged: { uploads: uploads.length, supportReplies: replies.length },
    answers,
    missing: { uploads: missingUploads, supportReplies: missingReplies },
    filesOnDisk: files.length,
    orphans,
  };
  console.log(`   answers: ${JSON.stringify(answers)}; ${inFlightAtTerm} requests in flight at SIGTERM`);
  check(
    uploads.length > 0 && replies.length > 0,
    `uploads and replies were acknowledged (${uploads.length}, ${replies.length})`,
  );
  check(code === 0, `the portal finished its requests and exited 0 (${code}, ${stopMs} ms)`);
  check(missingUploads.length === 0, 'every acknowledged upload is in the database');
  check(missingReplies.length === 0, 'every acknowledged reply is in the database');
  check(orphans.length === 0, `no orphan files in DATA_DIR/files (${files.length} files, ${orphans.length} orphans)`);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Phase 3: the restore drill on the bench database

async function restoreDrill(tmp: string) {
  const { BENCH_DATABASE_URL, ensureBenchDatabase } = await import('./bench-db');
  const source = new URL(BENCH_DATABASE_URL);
  console.log(`\n3. Restore drill: back up ${source.pathname.slice(1)} and restore it into a new database`);
  await ensureBenchDatabase();
  const restoreName = `${source.pathname.slice(1)}_restore_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(BENCH_DATABASE_URL);
  adminUrl.pathname = '/postgres';
  const targetUrl = new URL(BENCH_DATABASE_URL);
  targetUrl.pathname = `/${restoreName}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${restoreName}`);
    const archive = path.join(tmp, 'drill.tar.gz.age');
    let t0 = performance.now();
    // A throwaway key: the drill times the real path, encryption and authentication included.
    const drillKey = await newBackupKey();
    const originKey = backupOriginKey(randomBytes(32).toString('hex'));
    const backup = await createBackup({
      source: { engine: 'postgres', databaseUrl: BENCH_DATABASE_URL },
      storage: createDiskStorage(path.join(tmp, 'drill-files-source')),
      to: archive,
      recipient: drillKey.recipient,
      originKey,
    });
    const backupMs = Math.round(performance.now() - t0);
    t0 = performance.now();
    await restoreBackup({
      from: archive,
      identity: drillKey.key,
      originKey,
      target: { engine: 'postgres', databaseUrl: targetUrl.toString() },
      storage: createDiskStorage(path.join(tmp, 'drill-files-target')),
    });
    const restoreMs = Math.round(performance.now() - t0);
    const rows = Object.values(backup.manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    const { rows: size } = await admin.query('select pg_database_size($1)::bigint as bytes', [restoreName]);
    const result = {
      rows,
      customers: backup.manifest.tables['public.users']?.rows ?? 0,
      archiveBytes: backup.bytes,
      databaseBytes: Number(size[0].bytes),
      backupMs,
      restoreMs,
    };
    console.log(`   ${JSON.stringify(result)}`);
    check(
      true,
      `the restore matched the manifest: ${rows} rows in ${Object.keys(backup.manifest.tables).length} tables`,
    );
    return result;
  } catch (err) {
    check(false, `the restore drill: ${(err as Error).message}`);
    return null;
  } finally {
    await admin.query(`drop database if exists ${restoreName} with (force)`).catch(() => {});
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  // Interrupted, the throwaway cluster and its folder go too (the portal dies with this process).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cluster?.stop();
      rmSync(tmp, { recursive: true, force: true });
      process.exit(130);
    });
  }
  let portal: Portal | undefined;
  let db: pg.Pool | undefined;
  const started = new Date();
  let result: Record<string, unknown> = {};
  try {
    if (DRILL_ONLY) {
      result = { restoreDrill: await restoreDrill(tmp) };
      throw null;
    }
    cluster = await startCluster(tmp);
    const dataDir = path.join(tmp, 'portal-data');
    mkdirSync(dataDir);
    portal = await startPortal({
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        PUBLIC_URL,
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        ADMIN_SIGNUP_CODE: ADMIN_CODE,
      },
    });
    db = new pg.Pool({ connectionString: cluster.url, max: 2 });
    db.on('error', () => {});
    const restart = await restartPhase(portal, cluster, db);
    const sigterm = await sigtermPhase(portal, db, dataDir);
    result = { restart, sigterm };
    if (RESTORE_DRILL) result.restoreDrill = await restoreDrill(tmp);
  } catch (err) {
    // null: the drill-only run, finished.
    if (err !== null) {
      failures.push(`the run stopped: ${(err as Error).stack ?? err}`);
      console.error(err);
    }
  } finally {
    await portal?.stop(5000);
    await db?.end().catch(() => {});
    cluster?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  const report = {
    date: started.toISOString(),
    machine: { cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    ok: failures.length === 0,
    failures,
    ...result,
  };
  if (OUT) writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${report.ok ? 'faults: every check passed' : `faults: ${failures.length} check(s) failed`}`);
  process.exit(report.ok ? 0 : 1);
}

void main();
