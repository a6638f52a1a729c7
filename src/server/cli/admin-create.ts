/**
 * `npm run admin:create -- --email ops@example.com --name "Ops Person" [--password ...] [--promote]`
 * Creates an admin without the web form (see admin-create.command.ts for what --promote does).
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildDeps } from '../bootstrap';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';
import { adminCreate } from './admin-create.command';

const USAGE =
  'Usage: npm run admin:create -- --email <email> --name "<full name>" [--password <8 to 128 characters>] [--promote]';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      promote: { type: 'boolean', default: false },
    },
  });
  const email = values.email?.trim().toLowerCase();
  const name = values.name?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !name) {
    console.error(USAGE);
    process.exit(2);
  }
  if (values.password !== undefined && (values.password.length < 8 || values.password.length > 128)) {
    console.error('--password must be 8 to 128 characters');
    process.exit(2);
  }
  await loadDotEnv();
  const env = parseEnv();
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const deps = await buildDeps(env, { logger: pino({ level: 'warn' }) });
  let code = 1;
  try {
    code = await adminCreate(
      deps,
      { email, name, password: values.password, promote: values.promote ?? false },
      (line) => console.log(line),
    );
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
