/**
 * `npm run backup -- --to FILE` writes one archive of the database and every stored file (decision 0049),
 * age-encrypted to BACKUP_RECIPIENT (or BACKUP_KEY's recipient) and written 0600 (decision 0071); with
 * neither it refuses. `npm run backup -- --new-key` prints a new key pair and writes nothing.
 * PostgreSQL: while the portal runs (pg_dump reads one snapshot). The embedded database (PGlite) lives
 * inside the portal's process: stop the portal first, or let the running portal write its daily backup
 * (BACKUP_DIR). Keys are never in the archive.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import { createBackup } from '../platform/backup/backup';
import { BackupKeyError, backupOriginKey, backupRecipient, newBackupKey } from '../platform/backup/backup-key';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { loadOrCreateSecret } from '../platform/secrets';
import { createStorageAdapter } from '../platform/storage';

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, 'new-key': { type: 'boolean' } } });
  if (values['new-key']) {
    const { key, recipient } = await newBackupKey();
    console.log(
      `# The backup key (decision 0071). Keep the secret key OFF this server: a password manager or the\n# operator's safe, with a second copy elsewhere; without it no backup can be restored.\nBACKUP_KEY=${key}\n# The server needs only the recipient (in its settings):\nBACKUP_RECIPIENT=${recipient}`,
    );
    return;
  }
  if (!values.to) {
    console.error('Usage: npm run backup -- --to <file.tar.gz.age>\n       npm run backup -- --new-key');
    process.exit(2);
  }
  await loadDotEnv();
  const env = parseEnv();
  const recipient = await backupRecipient(env);
  // The data key the portal itself uses (bootstrap.ts): restore needs it back to accept the archive.
  const originKey = backupOriginKey(env.DATA_ENCRYPTION_KEY ?? loadOrCreateSecret(env.DATA_DIR, 'encryption-key'));
  const to = path.resolve(values.to);
  const started = Date.now();
  let result: Awaited<ReturnType<typeof createBackup>>;
  if (env.DATABASE_URL) {
    result = await createBackup({
      source: { engine: 'postgres', databaseUrl: env.DATABASE_URL },
      storage: createStorageAdapter(env),
      to,
      recipient,
      originKey,
    });
  } else {
    let unlock: () => void;
    try {
      unlock = lockDataDir(env.DATA_DIR);
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new DataDirLockedError(
          `${err.message}\nThe embedded database is backed up with the portal stopped, or by the running portal itself: set BACKUP_DIR.`,
        );
      throw err;
    }
    const database = await openDatabase({ pgliteDir: path.join(env.DATA_DIR, 'db') });
    try {
      result = await createBackup({
        source: { engine: 'pglite', database },
        storage: createStorageAdapter(env),
        to,
        recipient,
        originKey,
      });
    } finally {
      await database.close();
      unlock();
    }
  }
  const rows = Object.values(result.manifest.tables).reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `backup written: ${to}\n  ${result.bytes} bytes, ${rows} rows in ${Object.keys(result.manifest.tables).length} tables, ${result.manifest.files.length} files, ${Date.now() - started} ms\n  encrypted to ${recipient}; only its BACKUP_KEY opens it (mode 0600)\n  keys are not in it: keep DATA_ENCRYPTION_KEY and AUTH_SECRET (or DATA_DIR/encryption-key and DATA_DIR/auth-secret) apart`,
  );
}

main().catch((err) => {
  const known = err instanceof EnvError || err instanceof DataDirLockedError || err instanceof BackupKeyError;
  console.error(known ? err.message : err);
  process.exit(1);
});
