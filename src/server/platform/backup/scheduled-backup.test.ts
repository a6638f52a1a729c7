/**
 * Decision 0049's scheduled backups, on the engine of the run: two copies of the portal run the daily
 * step at once and one archive is written; BACKUP_KEEP=2 keeps two after three days; the newest one
 * restores into an empty place. On PostgreSQL the second copy has a pool of its own on the same
 * database; on PGlite the database lives inside one process, so both copies share it, as the copies of
 * an embedded portal can only do.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-db';
import { type Database, openDatabase } from '../../db/client';
import { opsRuns } from '../../db/schema';
import { createDiskStorage } from '../storage/disk-storage';
import { makeStorageKey } from '../storage/keys';
import { dailyBackupName, restoreBackup } from './backup';
import { backupOriginKey, newBackupKey } from './backup-key';
import { runDailyBackup } from './scheduled-backup';

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-scheduled-backup-'));
const backupDir = path.join(work, 'backups');
let t: TestApp;
let secondDatabase: Database | null = null;
const drops: Array<() => Promise<void>> = [];

const backupKey = await newBackupKey();

beforeAll(async () => {
  // The server holds only the recipient (decision 0071); the key is given to restore alone.
  t = await createTestApp({ BACKUP_DIR: backupDir, BACKUP_KEEP: '2', BACKUP_RECIPIENT: backupKey.recipient });
});
afterAll(async () => {
  await secondDatabase?.close();
  await t?.close();
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

const databaseUrl = () => (t.databaseOptions as { databaseUrl?: string }).databaseUrl;

/** A copy of the portal as the scheduler sees it: its database handle and its settings. */
function copy(database: Database) {
  // The test database's URL is made after parseEnv; a deployed copy has it in DATABASE_URL.
  return {
    database,
    env: { ...t.deps.env, DATABASE_URL: databaseUrl() },
    logger: t.deps.logger,
    encryptionKey: t.deps.encryptionKey,
  };
}

describe('scheduled backups (decision 0049)', () => {
  it('writes one archive a day under two copies, keeps BACKUP_KEEP of them, and the newest restores', async () => {
    expect(t.deps.env.BACKUP_KEEP).toBe(2);
    await signedInCustomer(t);
    const key = makeStorageKey('business_license', 'scheduled-backup', 'pdf', Date.now());
    const bytes = Buffer.from('%PDF-1.4 scheduled backup bytes');
    await t.deps.storage.put(key, bytes, 'application/pdf');

    const a = copy(t.deps.database);
    secondDatabase = t.deps.database.engine === 'postgres' ? await openDatabase(t.databaseOptions) : null;
    const b = copy(secondDatabase ?? t.deps.database);

    // Day one, both copies at once: one writes the archive, the other is told a copy has the day.
    const both = await Promise.all([runDailyBackup(a, '2030-01-01'), runDailyBackup(b, '2030-01-01')]);
    expect(both.map((r) => r.outcome).sort()).toEqual(['busy', 'ran'].sort());
    expect(readdirSync(backupDir)).toEqual([dailyBackupName('2030-01-01')]);
    // A restart the same day: done already.
    expect(await runDailyBackup(b, '2030-01-01')).toEqual({ outcome: 'finished' });

    // Two more days: the third archive prunes the first.
    expect((await runDailyBackup(b, '2030-01-02')).outcome).toBe('ran');
    const third = await runDailyBackup(a, '2030-01-03');
    expect(third.outcome === 'ran' && third.result.pruned).toEqual([dailyBackupName('2030-01-01')]);
    expect(readdirSync(backupDir).sort()).toEqual([dailyBackupName('2030-01-02'), dailyBackupName('2030-01-03')]);
    const runs = await t.deps.database.db.select().from(opsRuns).where(eq(opsRuns.job, 'backup')).orderBy(opsRuns.day);
    expect(runs.map((r) => [r.day, r.finishedAt !== null])).toEqual([
      ['2030-01-01', true],
      ['2030-01-02', true],
      ['2030-01-03', true],
    ]);

    // The newest archive restores into an empty place (restoreBackup checks every table's count and
    // checksum and every file's sha256 against the manifest), the stored file byte for byte.
    const restored = path.join(work, 'restored');
    let target: Parameters<typeof restoreBackup>[0]['target'];
    if (t.deps.database.engine === 'postgres') {
      const fresh = await createTestDatabase({ empty: true });
      drops.push(fresh.drop);
      target = { engine: 'postgres', databaseUrl: (fresh.options as { databaseUrl: string }).databaseUrl };
    } else {
      target = { engine: 'pglite', dir: path.join(restored, 'db') };
    }
    const { manifest } = await restoreBackup({
      from: path.join(backupDir, dailyBackupName('2030-01-03')),
      identity: backupKey.key,
      originKey: backupOriginKey(t.deps.encryptionKey),
      target,
      storage: createDiskStorage(path.join(restored, 'files')),
    });
    expect(manifest.tables['public.users'].rows).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.key)).toEqual([key]);
    expect(readFileSync(path.join(restored, 'files', key)).equals(bytes)).toBe(true);
  }, 120_000);
});
