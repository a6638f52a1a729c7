import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { buildDeps } from './bootstrap';
import { EnvError, loadDotEnv, parseEnv } from './env';
import { startComplianceReminders } from './features/compliance/compliance-reminders.service';
import { encryptClearFilingTaxIds } from './features/filings/filings-tax-id.service';
import { startErasureFileRemoval } from './features/privacy/privacy-erasure.service';
import { startRetention } from './features/retention/retention.service';
import { seedExampleServices } from './features/services/services.seed';
import { settleVisits } from './features/short-links/visit-counter.service';
import { startScheduledBackups } from './platform/backup/scheduled-backup';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock';
import { portalRequestListener } from './request-listener';

async function main() {
  await loadDotEnv();
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let unlock: () => void = () => {};
  // PGlite lives in this process; Postgres does its own locking.
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(env.DATA_DIR);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }

  const deps = await buildDeps(env);
  const { logger } = deps;
  if (!env.production && !env.DATABASE_URL) {
    const seeded = await seedExampleServices(deps.database.db);
    if (seeded)
      logger.info({ seeded }, 'a fresh embedded database: example services added (delete them at /admin/services)');
  }
  // Decisions 0058 and 0077: tax numbers kept in clear before them are encrypted before the first request.
  const encrypted = await encryptClearFilingTaxIds(deps);
  if (encrypted) logger.info({ filings: encrypted }, "owners' tax numbers moved out of filing answers");
  const app = createApp(deps);
  deps.mailer.start();
  const stopComplianceReminders = startComplianceReminders(deps);
  const stopRetention = startRetention(deps);
  const stopBackups = startScheduledBackups(deps);
  const stopErasureFileRemoval = startErasureFileRemoval(deps);

  // /healthz and live short links are answered in front of Hono, everything else by it (decision 0026).
  const server = createServer(portalRequestListener(app, deps));
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo;
    logger.info(
      { port: info.port, database: deps.database.engine, mail: env.SMTP_URL ? 'smtp' : 'outbox' },
      `portal listening on ${env.publicUrl}`,
    );
    if (!env.SMTP_URL && !env.production) logger.info(`stored mail is readable at ${env.publicUrl}/dev/mail`);
    const code = deps.adminSignup.oneTimeCode();
    if (code) {
      logger.warn(
        `No admin exists and ADMIN_SIGNUP_CODE is not set. One-time admin code: ${code} — use it at ${env.publicUrl}/admin/signup`,
      );
    } else if (deps.adminSignup.state() === 'closed') {
      logger.info('admin sign-up is closed (set ADMIN_SIGNUP_CODE or use `npm run admin:create`)');
    }
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      unlock();
      process.exit(1);
    }, 15_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Short-link visits are written once a second, after their redirects were answered (decisions 0013, 0026).
    await settleVisits();
    await stopComplianceReminders();
    await stopRetention();
    await stopBackups();
    await stopErasureFileRemoval();
    await deps.mailer.stop();
    await deps.database.close();
    unlock();
    logger.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
