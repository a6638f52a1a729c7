/**
 * Decision 0049: the backup and restore round trip, on the engine of the run (PGlite or PostgreSQL).
 * A customer with a formation, compliance items, an EIN application with an SSN, files in clear and
 * encrypted folders, an order and a support thread with an attachment; backed up, restored into a new
 * empty place with the same keys, and a server started on it: every row and file byte equal, the SSN
 * decrypts, the customer signs in and downloads an encrypted file. A non-empty target is refused.
 * Decision 0071: the archive is age-encrypted to the backup key and written 0600; a wrong key, a changed
 * byte anywhere, a cut archive, and an entry or manifest name that is not the portal's are refused with
 * nothing written.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { fileForm } from '../../../../tests/support/files';
import { GOOD_PASSWORD, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { createApp } from '../../app';
import { buildDeps } from '../../bootstrap';
import type { Database, DatabaseOptions } from '../../db/client';
import { einApplications, services } from '../../db/schema';
import { parseEnv } from '../../env';
import { ARTICLES, helpers, PREPARED } from '../../features/ein/ein.fixtures';
import { decryptStoredSsn } from '../../features/ein/ein-ssn.service';
import { EXAMPLE_SERVICES } from '../../features/services/services.seed';
import { ATTACHMENT, supportForm } from '../../features/support/support.fixtures';
import { createDiskStorage } from '../storage/disk-storage';
import { BACKUP_FORMAT, createBackup, RestoreRefusedError, restoreBackup } from './backup';
import { backupOriginKey, checkAndStripOrigin, decryptToFile, newBackupKey, sealStream } from './backup-key';
import { extractTarGz } from './tar-reader';

const test = apiTest;
let t: TestApp;
/** The round trip's archive, which the refusal tests change. */
let latest = '';
let admin: TestClient;
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
const drops: Array<() => Promise<void>> = [];
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

const { applicant } = helpers(() => t);

/** A gzipped tar written by hand, so a test can give an entry any name (archiver tidies `../`). */
function rawTarGz(entries: Array<[string, Buffer | string, string?]>, { cut = false } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, body, type = '0'] of entries) {
    const data = Buffer.from(body);
    const header = Buffer.alloc(512);
    header.write(name, 0, 100, 'utf8');
    header.write('0000644\0', 100);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write(type, 156);
    header.write('ustar\0', 257);
    // The checksum: the header's bytes summed with its own field read as spaces.
    header.write('        ', 148);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const tar = Buffer.concat(blocks);
  // `cut`: the archive stops in the middle of its last entry's data.
  return gzipSync(cut ? tar.subarray(0, tar.length - 1024 - 300) : tar);
}

/** `plain` sealed as createBackup seals (age to `recipient`, origin HMAC under `originKey`), into `to`. */
async function sealed(plain: Buffer, recipient: string, to: string, originKey = origin()): Promise<string> {
  const encrypted = await sealStream(Readable.from([plain]), recipient, originKey);
  const chunks: Buffer[] = [];
  for await (const chunk of encrypted) chunks.push(Buffer.from(chunk as Uint8Array));
  writeFileSync(to, Buffer.concat(chunks));
  return to;
}

/** An empty place to restore into: a PGlite folder that must stay absent and an empty file folder. */
function emptyPlace(name: string) {
  const dir = path.join(work, name);
  return {
    dir,
    target: { engine: 'pglite' as const, dir: path.join(dir, 'db') },
    storage: createDiskStorage(path.join(dir, 'files')),
    untouched: () =>
      !existsSync(path.join(dir, 'db')) &&
      (!existsSync(path.join(dir, 'files')) || readdirSync(path.join(dir, 'files')).length === 0),
  };
}

/** Every row of every table, as JSON in a fixed order, read in UTC. */
async function everyRow(database: Database): Promise<Record<string, unknown[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute("set local timezone = 'UTC'");
    const { rows: tables } = (await tx.execute(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
    )) as unknown as { rows: Array<{ name: string }> };
    const out: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      const [schema, table] = name.split('.');
      const { rows } = (await tx.execute(
        `select x::text as row from "${schema}"."${table}" x order by x::text`,
      )) as unknown as { rows: Array<{ row: string }> };
      out[name] = rows.map((r) => r.row);
    }
    return out;
  });
}

const key = await newBackupKey();
/** The origin key of the test app's data key. */
const origin = () => backupOriginKey(t.deps.encryptionKey);

describe('backup and restore (decisions 0049, 0071)', () => {
  it('round-trips every row and file byte into an empty place, and refuses a target that is not', async () => {
    // The records: formation and compliance items, the EIN application (SSN, uploads, a prepared SS-4 in
    // an encrypted folder), an order, a support thread with an attachment.
    const { c, email, application } = await applicant();
    expect((await admin.post(`/api/admin/ein-applications/${application.id}/ss4`, fileForm(PREPARED))).status).toBe(
      200,
    );
    const [service] = await t.deps.database.db
      .insert(services)
      .values({ ...EXAMPLE_SERVICES[0], isActive: true })
      .returning();
    expect((await c.post('/api/payments/checkout', { serviceId: service.id })).status).toBe(200);
    expect(
      (await c.post('/api/support/threads', supportForm({ subject: 'Yedek', message: 'Ek dosya' }, ATTACHMENT))).status,
    ).toBe(201);

    const sourceFiles = path.join(t.deps.env.DATA_DIR, 'files');
    const archive = path.join(work, 'portal.tar.gz.age');
    const source =
      t.deps.database.engine === 'postgres'
        ? { engine: 'postgres' as const, databaseUrl: (t.databaseOptions as { databaseUrl: string }).databaseUrl }
        : { engine: 'pglite' as const, database: t.deps.database };
    const { manifest } = await createBackup({
      source,
      storage: createDiskStorage(sourceFiles),
      to: archive,
      recipient: key.recipient,
      originKey: origin(),
    });
    latest = archive;
    // Decision 0071: readable by its owner alone, and nothing in it in clear: not the customer's address,
    // not a PDF.
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest.files.map((f) => f.key.split('/')[0]).sort()).toEqual(
      expect.arrayContaining(['articles_of_org', 'ss4', 'support']),
    );
    expect(manifest.tables['public.ein_applications'].rows).toBe(1);
    expect(manifest.tables['public.orders'].rows).toBe(1);
    // No key is in the archive.
    const raw = readFileSync(archive);
    expect(raw.includes(Buffer.from(t.deps.encryptionKey))).toBe(false);
    expect(raw.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(raw.includes(Buffer.from(email))).toBe(false);
    expect(raw.includes(Buffer.from('%PDF'))).toBe(false);

    // A new, empty place: another database (or data directory) and file folder, the same keys.
    const dataDir = path.join(work, 'restored');
    let targetOptions: DatabaseOptions;
    let target: Parameters<typeof restoreBackup>[0]['target'];
    if (source.engine === 'postgres') {
      const fresh = await createTestDatabase({ empty: true });
      drops.push(fresh.drop);
      targetOptions = fresh.options;
      target = { engine: 'postgres', databaseUrl: (fresh.options as { databaseUrl: string }).databaseUrl };
    } else {
      targetOptions = { pgliteDir: path.join(dataDir, 'db') };
      target = { engine: 'pglite', dir: path.join(dataDir, 'db') };
    }
    const targetStorage = createDiskStorage(path.join(dataDir, 'files'));
    const identity = key.key;
    await restoreBackup({ from: archive, identity, originKey: origin(), target, storage: targetStorage });
    // Once restored, the same target is no longer empty: a second restore changes nothing.
    await expect(
      restoreBackup({ from: archive, identity, originKey: origin(), target, storage: targetStorage }),
    ).rejects.toThrow(RestoreRefusedError);
    await expect(
      restoreBackup({ from: archive, identity, originKey: origin(), target, storage: createDiskStorage(sourceFiles) }),
    ).rejects.toThrow(/not empty/);

    // The keys come from where the operator keeps them, never from the archive.
    for (const key of ['encryption-key', 'auth-secret']) {
      copyFileSync(path.join(t.deps.env.DATA_DIR, key), path.join(dataDir, key));
    }
    const deps = await buildDeps(
      parseEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://localhost:3000',
        LOG_LEVEL: 'silent',
      }),
      { database: targetOptions, logger: pino({ level: 'silent' }) },
    );
    try {
      expect(await everyRow(deps.database)).toEqual(await everyRow(t.deps.database));
      for (const f of manifest.files) {
        expect(
          readFileSync(path.join(dataDir, 'files', f.key)).equals(readFileSync(path.join(sourceFiles, f.key))),
        ).toBe(true);
      }
      const [row] = await deps.database.db.select().from(einApplications).where(eq(einApplications.id, application.id));
      expect(decryptStoredSsn(row, deps.encryptionKey)).toBe('123456789');

      // A server on the restored place: the customer signs in and reads the encrypted SS-4.
      const app = createApp(deps, { serveWeb: false });
      const signIn = await app.request('http://localhost:3000/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email, password: GOOD_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((s) => s.split(';')[0])
        .join('; ');
      const mine = await app.request('http://localhost:3000/api/ein-applications/me', { headers: { cookie } });
      const files = (await mine.json()).application.files;
      // Their documents, from a folder kept in clear and from an encrypted one, byte for byte.
      for (const [url, bytes] of [
        [files.articlesOfOrganization.url, ARTICLES.data],
        [files.preparedSs4.url, PREPARED.data],
      ] as Array<[string, Buffer]>) {
        const file = await app.request(`http://localhost:3000${url}`, { headers: { cookie } });
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      }
    } finally {
      await deps.mailer.stop();
      await deps.database.close();
    }
  }, 150_000);
});

describe('restore trusts nothing it has not authenticated (decision 0071)', () => {
  const archive = () => {
    expect(latest).not.toBe('');
    return readFileSync(latest);
  };
  const changed = (name: string, change: (b: Buffer) => Buffer) => {
    const file = path.join(work, name);
    writeFileSync(file, change(Buffer.from(archive())));
    return file;
  };
  const flip = (at: (b: Buffer) => number) => (b: Buffer) => {
    b[at(b)] ^= 0x01;
    return b;
  };
  const headerEnd = (b: Buffer) => b.indexOf('\n---') + 1;

  it.each([
    ['a header byte (the recipient stanza)', flip(() => 40)],
    ['the header MAC', flip((b) => headerEnd(b) + 10)],
    ['the first body chunk', flip((b) => b.indexOf('\n', headerEnd(b)) + 40)],
    ['the last byte', flip((b) => b.length - 1)],
    [
      'a cut after the first chunk',
      (b: Buffer) => b.subarray(0, b.indexOf('\n', headerEnd(b)) + 1 + 16 + 64 * 1024 + 16),
    ],
    ['a cut of the last byte', (b: Buffer) => b.subarray(0, b.length - 1)],
  ])('refuses %s, writing nothing', async (name, change) => {
    const place = emptyPlace(`tampered-${name.replace(/\W+/g, '-')}`);
    const from = changed(`tampered-${name.replace(/\W+/g, '-')}.age`, change);
    await expect(restoreBackup({ from, identity: key.key, originKey: origin(), ...place })).rejects.toThrow(
      RestoreRefusedError,
    );
    expect(place.untouched()).toBe(true);
  });

  it('refuses another key, writing nothing', async () => {
    const place = emptyPlace('wrong-key');
    const other = await newBackupKey();
    await expect(restoreBackup({ from: latest, identity: other.key, originKey: origin(), ...place })).rejects.toThrow(
      /does not open/,
    );
    expect(place.untouched()).toBe(true);
  });

  it('refuses an archive anyone wrote to the public recipient without the data key, writing nothing', async () => {
    // The whole round-trip archive, decrypted and sealed again to the same recipient under another
    // data key: age alone would accept it.
    const place = emptyPlace('forged');
    const plain = path.join(work, 'forged.tar.gz');
    await decryptToFile(latest, plain, key.key);
    expect(await checkAndStripOrigin(plain, origin())).toBe(true);
    const forged = await sealed(
      readFileSync(plain),
      key.recipient,
      path.join(work, 'forged.age'),
      backupOriginKey('another data key'),
    );
    await expect(restoreBackup({ from: forged, identity: key.key, originKey: origin(), ...place })).rejects.toThrow(
      /not written by a portal with this DATA_ENCRYPTION_KEY/,
    );
    expect(place.untouched()).toBe(true);
  });

  const dump = Buffer.from('not a database');
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const manifestWith = (change: (m: Record<string, any>) => void) => {
    const m: Record<string, any> = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: 'pglite',
      database: { entry: 'database/pglite.tar', sha256: sha(dump), bytes: dump.length },
      tables: {},
      files: [],
      notIncluded: [],
    };
    change(m);
    return JSON.stringify(m);
  };
  const pdf = Buffer.from('%PDF-1.4 planted');

  it.each<[string, Array<[string, Buffer | string, string?]>]>([
    [
      'a symbolic link',
      [
        ['database/pglite.tar', dump],
        ['files/link_1.pdf', '', '2'],
        ['manifest.json', manifestWith(() => {})],
      ],
    ],
    [
      'a folder entry',
      [
        ['database/pglite.tar', dump],
        ['files/', '', '5'],
        ['manifest.json', manifestWith(() => {})],
      ],
    ],
    [
      'a ../ entry',
      [
        ['database/pglite.tar', dump],
        ['../escape.pdf', pdf],
        ['manifest.json', manifestWith(() => {})],
      ],
    ],
    [
      'an absolute entry',
      [
        ['database/pglite.tar', dump],
        ['/tmp/portal-escape.pdf', pdf],
        ['manifest.json', manifestWith(() => {})],
      ],
    ],
    [
      'files/../ inside the folder',
      [
        ['database/pglite.tar', dump],
        ['files/../planted_1.pdf', pdf],
        ['manifest.json', manifestWith(() => {})],
      ],
    ],
    [
      'an entry that is not a storage key',
      [
        ['database/pglite.tar', dump],
        ['files/other/../../x_1.pdf', pdf],
        ['manifest.json', manifestWith(() => {})],
      ],
    ],
    [
      'a manifest key with ../',
      [
        ['database/pglite.tar', dump],
        [
          'manifest.json',
          manifestWith((m) => {
            m.files = [
              { key: '../database/pglite.tar', bytes: dump.length, sha256: sha(dump), contentType: 'application/pdf' },
            ];
          }),
        ],
      ],
    ],
    [
      'a manifest database entry with ../',
      [
        ['database/pglite.tar', dump],
        [
          'manifest.json',
          manifestWith((m) => {
            m.database.entry = 'files/../database/pglite.tar';
          }),
        ],
      ],
    ],
  ])('refuses %s in an archive the right key opens, writing nothing', async (name, entries) => {
    const slug = name.replace(/\W+/g, '-');
    const place = emptyPlace(`crafted-${slug}`);
    const from = await sealed(rawTarGz(entries), key.recipient, path.join(work, `crafted-${slug}.age`));
    await expect(restoreBackup({ from, identity: key.key, originKey: origin(), ...place })).rejects.toThrow(
      RestoreRefusedError,
    );
    expect(place.untouched()).toBe(true);
    expect(existsSync(path.join(os.tmpdir(), 'portal-escape.pdf'))).toBe(false);
  });
});

describe("the restore's tar reader (tar-stream, with the portal's own refusals on top)", () => {
  const accept = (name: string) => name === 'manifest.json' || /^files\/[a-z]+_\d+\.pdf$/.test(name);
  const into = (name: string, bytes: Buffer) => {
    const file = path.join(work, `${name}.tar.gz`);
    writeFileSync(file, bytes);
    return { file, dest: path.join(work, `${name}-out`) };
  };

  it('extracts the regular files it accepts, with their bytes', async () => {
    const body = Buffer.alloc(1500, 7);
    const { file, dest } = into(
      'reader-good',
      rawTarGz([
        ['manifest.json', '{}'],
        ['files/doc_1.pdf', body],
      ]),
    );
    expect(await extractTarGz(file, dest, accept)).toEqual(['manifest.json', 'files/doc_1.pdf']);
    expect(readFileSync(path.join(dest, 'files/doc_1.pdf')).equals(body)).toBe(true);
  });

  it.each<[string, Array<[string, Buffer | string, string?]>, RegExp]>([
    ['a symbolic link', [['files/doc_1.pdf', '', '2']], /unexpected entry type "symlink"/],
    ['a hard link', [['files/doc_1.pdf', '', '1']], /unexpected entry type "link"/],
    ['a name it does not know', [['files/../doc_1.pdf', 'x']], /unexpected entry in the archive/],
  ])('refuses %s', async (name, entries, reason) => {
    const { file, dest } = into(`reader-${name.replace(/\W+/g, '-')}`, rawTarGz(entries));
    await expect(extractTarGz(file, dest, accept)).rejects.toThrow(reason);
  });

  it('refuses an archive cut in the middle of an entry', async () => {
    const { file, dest } = into('reader-cut', rawTarGz([['files/doc_1.pdf', Buffer.alloc(4000, 1)]], { cut: true }));
    await expect(extractTarGz(file, dest, accept)).rejects.toThrow(/cut short or damaged \(Unexpected end of data\)/);
  });
});
