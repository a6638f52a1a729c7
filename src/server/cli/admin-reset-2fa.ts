/**
 * `npm run admin:reset-2fa -- --email owner@example.com`
 * Removes a staff member's second factor from the server (see admin-reset-2fa.command.ts).
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildDeps } from '../bootstrap';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { adminResetTwoFactor } from './admin-reset-2fa.command';

const USAGE = 'Usage: npm run admin:reset-2fa -- --email <email>';

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(USAGE);
    process.exit(2);
  }
  await loadDotEnv();
  const env = parseEnv();
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const deps = await buildDeps(env, { logger: pino({ level: 'warn' }) });
  let code = 1;
  try {
    code = await adminResetTwoFactor(deps, email, (line) => console.log(line));
    await deps.mailer.drain();
  } finally {
    await deps.mailer.stop();
    await deps.database.close();
    unlock();
  }
  process.exit(code);
}

main().catch((err) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
