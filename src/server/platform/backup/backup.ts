import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { TarArchive } from 'archiver';
import pg from 'pg';
import { z } from 'zod';
import { type Database, openDatabase } from '../../db/client';
import { isStorageKey } from '../storage/keys';
import type { FileStorage } from '../storage/storage';
import { checkAndStripOrigin, decryptToFile, sealStream } from './backup-key';
import { extractTarGz, safeJoin } from './tar-reader';

const run = promisify(execFile);

/** The archive's layout version; restore refuses another. 2: the whole archive is age-encrypted (decision 0071). */
export const BACKUP_FORMAT = 2;

/** The database entry of each engine: the only names a manifest may give it. */
const DATABASE_ENTRY = { postgres: 'database/postgres.pgdump', pglite: 'database/pglite.tar' } as const;

export interface TableSummary {
  rows: number;
  /** An order-independent sum of every row's md5 (see TABLE_SUMS): equal sums, equal rows. */
  checksum: string;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The database entry (database/postgres.pgdump or database/pglite.tar) and its sha256. */
  database: { entry: string; sha256: string; bytes: number };
  tables: Record<string, TableSummary>;
  files: Array<{ key: string; bytes: number; sha256: string; contentType: string }>;
  /** What the archive deliberately leaves out, for whoever opens it. */
  notIncluded: string[];
}

export type BackupSource =
  | { engine: 'postgres'; databaseUrl: string }
  /** An open PGlite (the running portal's, or one the CLI opened with the portal stopped). */
  | { engine: 'pglite'; database: Database };

/**
 * Per table (schemas public and drizzle): the row count and a checksum of every row's text, summed so
 * the order does not matter; read in UTC so that timestamps print alike on every server.
 */
async function summariseTables(
  query: (text: string) => Promise<{ rows: any[] }>,
): Promise<Record<string, TableSummary>> {
  const { rows: tables } = await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: Record<string, TableSummary> = {};
  for (const { s, t } of tables) {
    const name = `"${s}"."${t}"`;
    const { rows } = await query(
      `select count(*)::text as rows,
              coalesce(sum(('x' || substr(md5(x::text), 1, 15))::bit(60)::bigint::numeric), 0)::text as checksum
         from ${name} x`,
    );
    out[`${s}.${t}`] = { rows: Number(rows[0].rows), checksum: rows[0].checksum };
  }
  return out;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every stored key, in the adapter's order. */
async function listKeys(storage: FileStorage): Promise<string[]> {
  if (!storage.list) throw new Error('this storage cannot list its files');
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
}

/**
 * Writes one backup archive (decisions 0049, 0071) to `to`: a gzipped tar with the database dump, every
 * stored file (as stored: the encrypted folders stay encrypted), and manifest.json with each table's row
 * count and checksum and each file's sha256; followed by its origin HMAC and age-encrypted to
 * `recipient`, so only ciphertext reaches the disk, in a file of mode 0600. Keys (DATA_ENCRYPTION_KEY,
 * AUTH_SECRET, the key files in DATA_DIR) are never in it. The archive appears under its name only once
 * complete.
 */
export async function createBackup(opts: {
  source: BackupSource;
  /** The storage adapter itself (createStorageAdapter), not the encrypting wrapper. */
  storage: FileStorage;
  to: string;
  /** The age recipient (backupRecipient): the archive is written only encrypted to it. */
  recipient: string;
  /** backupOriginKey(the data key): proves to restore that this portal wrote the archive. */
  originKey: Buffer;
}): Promise<{ manifest: BackupManifest; bytes: number }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  const partial = `${opts.to}.partial`;
  try {
    let entry: string;
    let tables: Record<string, TableSummary>;
    const dumpFile = path.join(work, 'database');
    if (opts.source.engine === 'postgres') {
      // The counts and pg_dump read one snapshot: the manifest describes exactly what was dumped.
      const client = new pg.Client({ connectionString: opts.source.databaseUrl });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        await client.query("set local timezone = 'UTC'");
        const { rows } = await client.query('select pg_export_snapshot() as id');
        tables = await summariseTables((text) => client.query(text));
        await run(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${rows[0].id}`,
            `--file=${dumpFile}`,
            `--dbname=${opts.source.databaseUrl}`,
          ],
          { maxBuffer: 16 * 1024 * 1024 },
        );
        await client.query('commit');
      } finally {
        await client.end();
      }
      entry = DATABASE_ENTRY.postgres;
    } else {
      // PGlite dumps its whole data directory at once (queries wait meanwhile). The summary is read
      // before and after: equal, nothing was written in between and it describes the dump exactly; a
      // write in between (a running portal) means another try.
      const database = opts.source.database;
      if (!database.dump) throw new Error('this database cannot be dumped');
      for (let attempt = 1; ; attempt++) {
        const before = await summariseUtc(database);
        const blob = await database.dump();
        await pipeline(blob.stream() as unknown as NodeJS.ReadableStream, createWriteStream(dumpFile));
        const after = await summariseUtc(database);
        if (JSON.stringify(before) === JSON.stringify(after)) {
          tables = after;
          break;
        }
        if (attempt === 5) throw new Error('the database kept changing while it was dumped; try again later');
      }
      entry = DATABASE_ENTRY.pglite;
    }

    // Opened 0600 (not chmod'ed after): no moment in which another account can open it. The bytes
    // that reach the disk are age's: the header MAC'd, the body in authenticated chunks.
    rmSync(partial, { force: true }); // a killed run's leftover
    const output = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    const archive = new TarArchive({ gzip: true, gzipOptions: { level: 6 } });
    const written = pipeline(await sealStream(archive, opts.recipient, opts.originKey), output);
    archive.file(dumpFile, { name: entry });
    const files: BackupManifest['files'] = [];
    for (const key of await listKeys(opts.storage)) {
      const stored = await opts.storage.get(key);
      if (!stored) continue; // deleted since it was listed
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) {
        hash.update(chunk as Buffer);
        chunks.push(chunk as Buffer);
      }
      const data = Buffer.concat(chunks);
      archive.append(data, { name: `files/${key}` });
      files.push({ key, bytes: data.length, sha256: hash.digest('hex'), contentType: stored.contentType });
      // Let the archive drain what it has before the next file is read.
      if (archive.pointer() > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: opts.source.engine,
      database: { entry, sha256: await sha256File(dumpFile), bytes: statSync(dumpFile).size },
      tables,
      files,
      notIncluded: [
        'DATA_ENCRYPTION_KEY and AUTH_SECRET (or DATA_DIR/encryption-key and DATA_DIR/auth-secret): keep them apart from the backups; without the same keys the SSNs and the encrypted files of a restore cannot be read, and sessions and links end.',
        'BACKUP_KEY, the age secret key that opens this archive: kept off the server (decision 0071).',
      ],
    };
    archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: 'manifest.json' });
    await archive.finalize();
    await written;
    await rename(partial, opts.to);
    return { manifest, bytes: statSync(opts.to).size };
  } finally {
    await rm(work, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

async function summariseUtc(database: Database): Promise<Record<string, TableSummary>> {
  return database.db.transaction(async (tx) => {
    await tx.execute("set local timezone = 'UTC'");
    return summariseTables(async (text) => (await tx.execute(text)) as unknown as { rows: any[] });
  });
}

export class RestoreRefusedError extends Error {}

export type RestoreTarget =
  | { engine: 'postgres'; databaseUrl: string }
  /** The data directory's database folder (DATA_DIR/db): must not exist or be empty. */
  | { engine: 'pglite'; dir: string };

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** The names a backup archive may hold: the manifest, a database entry, and files under storage keys. */
function isArchiveEntry(name: string): boolean {
  return (
    name === 'manifest.json' ||
    Object.values(DATABASE_ENTRY).includes(name as never) ||
    (name.startsWith('files/') && isStorageKey(name.slice('files/'.length)))
  );
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** The manifest as restore trusts it: every name it joins to a path is one the portal could have made. */
const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    createdAt: z.string(),
    engine: z.enum(['pglite', 'postgres']),
    database: z.object({ entry: z.string(), sha256, bytes: z.number().int().min(0) }),
    tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), checksum: z.string() })),
    files: z.array(
      z.object({
        key: z.string().refine(isStorageKey, 'not a storage key'),
        bytes: z.number().int().min(0),
        sha256,
        contentType: z.string(),
      }),
    ),
    notIncluded: z.array(z.string()),
  })
  .refine((m) => m.database.entry === DATABASE_ENTRY[m.engine], {
    path: ['database', 'entry'],
    message: 'not the engine’s entry',
  })
  .refine((m) => new Set(m.files.map((f) => f.key)).size === m.files.length, {
    path: ['files'],
    message: 'a key twice',
  });

function readManifest(file: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new RestoreRefusedError('not a portal backup: manifest.json is not JSON');
  }
  const format = (raw as { format?: unknown })?.format;
  if (format !== BACKUP_FORMAT)
    throw new RestoreRefusedError(`backup format ${String(format)}; this portal reads format ${BACKUP_FORMAT}`);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new RestoreRefusedError(
      `the manifest names what this portal never writes: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/**
 * Restores an archive of createBackup (decisions 0049, 0071) into an empty database and an empty file
 * store. Nothing of the archive is parsed before all of it decrypted and authenticated with `identity`
 * (BACKUP_KEY): a wrong key, a changed byte or a cut archive is refused there, and so is an archive
 * whose origin HMAC is not under `originKey` (one anyone wrote to the public recipient). Then every entry name
 * and every name in the manifest must be one the portal writes (the storage-key check) and stay inside
 * the work folder. It refuses before it changes anything when the database or the file store holds
 * something, when the archive's engine is not the target's, or when a checksum differs; at the end it
 * checks the result against the manifest: every table's row count and checksum, every file's sha256.
 */
export async function restoreBackup(opts: {
  from: string;
  /** The age identity (BACKUP_KEY, AGE-SECRET-KEY-1…) the archive was encrypted to. */
  identity: string;
  /** backupOriginKey(the data key the archive was written with). */
  originKey: Buffer;
  target: RestoreTarget;
  storage: FileStorage;
}): Promise<{ manifest: BackupManifest }> {
  // mkdtemp makes the folder 0700; the decrypted archive inside it is written 0600.
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-restore-'));
  try {
    const plain = path.join(work, 'archive.tar.gz');
    try {
      await decryptToFile(opts.from, plain, opts.identity);
    } catch (err) {
      throw new RestoreRefusedError(
        `the archive does not open with this BACKUP_KEY, or a byte of it was changed or cut (${(err as Error).message}): nothing was restored`,
      );
    }
    if (!(await checkAndStripOrigin(plain, opts.originKey)))
      throw new RestoreRefusedError(
        'the archive was not written by a portal with this DATA_ENCRYPTION_KEY (anyone may encrypt to the backup recipient): nothing was restored',
      );
    const root = path.join(work, 'archive');
    try {
      await extractTarGz(plain, root, isArchiveEntry);
    } catch (err) {
      throw new RestoreRefusedError(`${(err as Error).message}: nothing was restored`);
    }
    await rm(plain, { force: true });
    const manifestFile = path.join(root, 'manifest.json');
    if (!existsSync(manifestFile)) throw new RestoreRefusedError('not a portal backup: manifest.json is missing');
    const manifest = readManifest(manifestFile);
    if (manifest.engine !== opts.target.engine)
      throw new RestoreRefusedError(
        `this backup is of a ${manifest.engine} database and the target is ${opts.target.engine}: restore it on the same engine`,
      );
    const dumpFile = safeJoin(root, manifest.database.entry);
    const fileOf = (key: string) => safeJoin(root, `files/${key}`);
    if (!existsSync(dumpFile) || (await sha256File(dumpFile)) !== manifest.database.sha256)
      throw new RestoreRefusedError('the database dump does not match its checksum');
    for (const f of manifest.files) {
      if (!existsSync(fileOf(f.key)) || (await sha256File(fileOf(f.key))) !== f.sha256)
        throw new RestoreRefusedError(`the file ${f.key} does not match its checksum`);
    }

    // Refuse a target that holds anything, before touching either part.
    if (opts.target.engine === 'postgres') {
      if (!(await postgresIsEmpty(opts.target.databaseUrl)))
        throw new RestoreRefusedError('the target database is not empty: restore into a new, empty database');
    } else if (existsSync(opts.target.dir) && readdirSync(opts.target.dir).length > 0) {
      throw new RestoreRefusedError(`the target data directory is not empty: ${opts.target.dir}`);
    }
    if ((await listKeys(opts.storage)).length > 0)
      throw new RestoreRefusedError('the target file store is not empty: restore into an empty folder or bucket');

    let summarise: () => Promise<Record<string, TableSummary>>;
    let close: () => Promise<void>;
    if (opts.target.engine === 'postgres') {
      await run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${opts.target.databaseUrl}`, dumpFile],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const restored = await openDatabase({ databaseUrl: opts.target.databaseUrl });
      summarise = () => summariseUtc(restored);
      close = () => restored.close();
    } else {
      const [{ PGlite }, { pg_trgm }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
      ]);
      mkdirSync(opts.target.dir, { recursive: true });
      const loaded = new PGlite(opts.target.dir, {
        loadDataDir: new Blob([await readFile(dumpFile)]),
        extensions: { pg_trgm },
      });
      await loaded.waitReady;
      close = () => loaded.close();
      summarise = () =>
        loaded.transaction(async (tx) => {
          await tx.exec("set local timezone = 'UTC'");
          return summariseTables((text) => tx.query(text));
        });
    }
    try {
      for (const f of manifest.files) {
        await opts.storage.put(f.key, await readFile(fileOf(f.key)), f.contentType);
      }
      const tables = await summarise();
      const differ = Object.keys({ ...manifest.tables, ...tables }).filter(
        (name) => JSON.stringify(tables[name]) !== JSON.stringify(manifest.tables[name]),
      );
      if (differ.length) throw new Error(`restored tables differ from the backup: ${differ.join(', ')}`);
    } finally {
      await close();
    }
    const stored = await listKeys(opts.storage);
    if (stored.length !== manifest.files.length) throw new Error('restored files differ from the backup');
    return { manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Daily archives in BACKUP_DIR: portal-YYYY-MM-DD.tar.gz.age (age-encrypted, decision 0071). */
export function dailyBackupName(day: string): string {
  return `portal-${day}.tar.gz.age`;
}

/** Removes all but the newest `keep` daily archives of `dir`; returns the names removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const daily = readdirSync(dir)
    // The plaintext archives of format 1 (before decision 0071) count too, so they age out.
    .filter((n) => /^portal-\d{4}-\d{2}-\d{2}\.tar\.gz(\.age)?$/.test(n))
    .sort()
    .reverse();
  const old = daily.slice(keep);
  for (const name of old) rmSync(path.join(dir, name), { force: true });
  return old;
}
