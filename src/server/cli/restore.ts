/**
 * `npm run restore -- FILE` restores an archive of `npm run backup` (decisions 0049, 0071) into the
 * database and file store the settings name: an empty PostgreSQL database (DATABASE_URL) or an empty
 * DATA_DIR/db, and an empty DATA_DIR/files or S3 bucket. It needs the backup key: BACKUP_KEY in the
 * environment or `--key-file FILE` (a file holding it, from where it is kept). It refuses an archive that
 * does not open with it and a target that holds anything. Put the keys back (DATA_ENCRYPTION_KEY and
 * AUTH_SECRET, or the key files in DATA_DIR) from where they are kept BEFORE it: the archive must prove
 * it was written with that data key.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import { RestoreRefusedError, restoreBackup } from '../platform/backup/backup';
import { backupOriginKey } from '../platform/backup/backup-key';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { createStorageAdapter } from '../platform/storage';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'key-file': { type: 'string' } } });
  if (positionals.length !== 1) {
    console.error('Usage: npm run restore -- <file.tar.gz.age> [--key-file <file holding BACKUP_KEY>]');
    process.exit(2);
  }
  await loadDotEnv();
  const env = parseEnv();
  // The first key line of the file: age-keygen's (with comments) or `BACKUP_KEY=…` as --new-key prints.
  const identity = values['key-file']
    ? /^(?:BACKUP_KEY=)?(AGE-SECRET-KEY-1[0-9A-Z]+)\s*$/m.exec(readFileSync(values['key-file'], 'utf8'))?.[1]
    : env.BACKUP_KEY;
  if (!identity) {
    console.error('The backup key is needed: BACKUP_KEY=AGE-SECRET-KEY-1… or --key-file <file holding it>');
    process.exit(2);
  }
  // The data key goes back first: the archive must prove it was written with it (decision 0071).
  const keyFile = path.join(env.DATA_DIR, 'encryption-key');
  const dataKey = env.DATA_ENCRYPTION_KEY ?? (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
  if (!dataKey) {
    console.error(`Put the data key back first: DATA_ENCRYPTION_KEY, or the file ${keyFile}`);
    process.exit(2);
  }
  const from = path.resolve(positionals[0]);
  const started = Date.now();
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  try {
    const { manifest } = await restoreBackup({
      from,
      identity,
      originKey: backupOriginKey(dataKey),
      target: env.DATABASE_URL
        ? { engine: 'postgres', databaseUrl: env.DATABASE_URL }
        : { engine: 'pglite', dir: path.join(env.DATA_DIR, 'db') },
      storage: createStorageAdapter(env),
    });
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `restored ${from} (made ${manifest.createdAt})\n  ${rows} rows and ${manifest.files.length} files, checked against the manifest, ${Date.now() - started} ms\n  now put AUTH_SECRET back (or DATA_DIR/auth-secret) and start the portal`,
    );
  } finally {
    unlock();
  }
}

main().catch((err) => {
  const known = err instanceof EnvError || err instanceof DataDirLockedError || err instanceof RestoreRefusedError;
  console.error(known ? err.message : err);
  process.exit(1);
});
