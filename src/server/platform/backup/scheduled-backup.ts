import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { runDailyJob, startDailyJob } from '../daily-job';
import { createStorageAdapter } from '../storage';
import { createBackup, dailyBackupName, pruneBackups } from './backup';
import { backupOriginKey, backupRecipient } from './backup-key';

type BackupDeps = Pick<AppDeps, 'database' | 'env' | 'logger' | 'encryptionKey'>;

/** Today's backup into BACKUP_DIR, then the oldest beyond BACKUP_KEEP removed. */
async function backupToday(deps: BackupDeps, dir: string, today: string) {
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const to = path.join(dir, dailyBackupName(today));
  const source =
    deps.database.engine === 'postgres' && deps.env.DATABASE_URL
      ? { engine: 'postgres' as const, databaseUrl: deps.env.DATABASE_URL }
      : { engine: 'pglite' as const, database: deps.database };
  const { manifest, bytes } = await createBackup({
    source,
    storage: createStorageAdapter(deps.env),
    to,
    recipient: await backupRecipient(deps.env),
    originKey: backupOriginKey(deps.encryptionKey),
  });
  const pruned = pruneBackups(dir, deps.env.BACKUP_KEEP);
  return { file: path.basename(to), bytes, files: manifest.files.length, ms: Date.now() - started, pruned };
}

/** One backup a day for all copies (ops_runs, as the reminder run); for tests and the scheduler. */
export function runDailyBackup(deps: BackupDeps, today: string) {
  const dir = deps.env.BACKUP_DIR;
  if (!dir) throw new Error('BACKUP_DIR is not set');
  return runDailyJob(deps.database.db, 'backup', today, () => backupToday(deps, dir, today));
}

/**
 * With BACKUP_DIR set, the portal writes a backup a day (decision 0049): whichever copy claims the day
 * writes it, into BACKUP_DIR, which must then be a folder every copy reaches (or the copies' own, each
 * holding what it wrote). Returns stop(); without BACKUP_DIR nothing runs.
 */
export function startScheduledBackups(deps: BackupDeps): () => Promise<void> {
  const dir = deps.env.BACKUP_DIR;
  if (!dir) return async () => {};
  return startDailyJob(deps, 'backup', (today) => backupToday(deps, dir, today));
}
