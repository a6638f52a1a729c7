/**
 * Decision 0049: the backup and restore round trip, on the engine of the run (PGlite or PostgreSQL).
 * A customer with a formation, compliance items, an EIN application with an SSN, files in clear and
 * encrypted folders, an order and a support thread with an attachment; backed up, restored into a new
 * empty place with the same keys, and a server started on it: every row and file byte equal, the SSN
 * decrypts, the customer signs in and downloads an encrypted file. A non-empty target is refused.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { createApp } from '../../app';
import { buildDeps } from '../../bootstrap';
import type { Database, DatabaseOptions } from '../../db/client';
import { einApplications, services } from '../../db/schema';
import { parseEnv } from '../../env';
import { fileForm, helpers, PREPARED } from '../../features/ein/ein.fixtures';
import { decryptStoredSsn } from '../../features/ein/ein-ssn.service';
import { EXAMPLE_SERVICES } from '../../features/services/services.seed';
import { ATTACHMENT, supportForm } from '../../features/support/support.fixtures';
import { createDiskStorage } from '../storage/disk-storage';
import { createBackup, RestoreRefusedError, restoreBackup } from './backup';

let t: TestApp;
let admin: TestClient;
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
const drops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  expect((await signUpAdmin(admin)).res.status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

const { applicant } = helpers(() => t);

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

describe('backup and restore (decision 0049)', () => {
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
    const archive = path.join(work, 'portal.tar.gz');
    const source =
      t.deps.database.engine === 'postgres'
        ? { engine: 'postgres' as const, databaseUrl: (t.databaseOptions as { databaseUrl: string }).databaseUrl }
        : { engine: 'pglite' as const, database: t.deps.database };
    const { manifest } = await createBackup({ source, storage: createDiskStorage(sourceFiles), to: archive });
    expect(manifest.files.map((f) => f.key.split('/')[0]).sort()).toEqual(
      expect.arrayContaining(['articles_of_org', 'ss4', 'support']),
    );
    expect(manifest.tables['public.ein_applications'].rows).toBe(1);
    expect(manifest.tables['public.orders'].rows).toBe(1);
    // No key is in the archive.
    const raw = readFileSync(archive);
    expect(raw.includes(Buffer.from(t.deps.encryptionKey))).toBe(false);

    // A new, empty place: another database (or data directory) and file folder, the same keys.
    const dataDir = path.join(work, 'restored');
    let targetOptions: DatabaseOptions;
    let target: Parameters<typeof restoreBackup>[0]['target'];
    if (source.engine === 'postgres') {
      const fresh = await createTestDatabase();
      drops.push(fresh.drop);
      targetOptions = fresh.options;
      target = { engine: 'postgres', databaseUrl: (fresh.options as { databaseUrl: string }).databaseUrl };
    } else {
      targetOptions = { pgliteDir: path.join(dataDir, 'db') };
      target = { engine: 'pglite', dir: path.join(dataDir, 'db') };
    }
    const targetStorage = createDiskStorage(path.join(dataDir, 'files'));
    await restoreBackup({ from: archive, target, storage: targetStorage });
    // Once restored, the same target is no longer empty: a second restore changes nothing.
    await expect(restoreBackup({ from: archive, target, storage: targetStorage })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup({ from: archive, target, storage: createDiskStorage(sourceFiles) })).rejects.toThrow(
      /not empty/,
    );

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
      const prepared = (await mine.json()).application.files.preparedSs4.url as string;
      const file = await app.request(`http://localhost:3000${prepared}`, { headers: { cookie } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PREPARED.data)).toBe(true);
    } finally {
      await deps.mailer.stop();
      await deps.database.close();
    }
  }, 90_000);
});
