/**
 * `npm run admin:create -- --email ops@example.com --name "Ops Person" [--password ...]`
 * Creates an admin (or promotes an existing account) without the web form. Without --password a
 * strong one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildDeps } from '../bootstrap';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import { findUserByEmail, setRole, upsertProfile } from '../features/auth/auth.service';
import { recordAudit } from '../platform/audit';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  const email = values.email?.trim().toLowerCase();
  const name = values.name?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !name) {
    console.error(
      'Usage: npm run admin:create -- --email <email> --name "<full name>" [--password <at least 8 characters>]',
    );
    process.exit(2);
  }
  if (values.password !== undefined && values.password.length < 8) {
    console.error('--password must be at least 8 characters');
    process.exit(2);
  }
  await loadDotEnv();
  const env = parseEnv();
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const deps = await buildDeps(env, { logger: pino({ level: 'warn' }) });
  try {
    const { db } = deps.database;
    const existing = await findUserByEmail(db, email);
    let userId: string;
    let generated: string | null = null;
    if (existing) {
      userId = existing.id;
      console.log(`${email} already has an account; making it an admin.`);
    } else {
      if (!values.password) generated = randomBytes(12).toString('base64url');
      const password = values.password ?? (generated as string);
      const res = await deps.auth.api.signUpEmail({ body: { name, email, password } });
      userId = res.user.id;
      await upsertProfile(db, { id: userId, email, displayName: name });
    }
    await setRole(db, userId, 'admin');
    await recordAudit(db, {
      actorId: null,
      actorRole: 'operator',
      action: 'admin.created',
      entityType: 'user',
      entityId: userId,
      subjectUserId: userId,
      after: { role: 'admin', via: 'cli' },
    });
    await deps.mailer.drain();
    console.log(`Admin ready: ${email}`);
    if (generated) console.log(`Generated password (shown once): ${generated}`);
  } finally {
    await deps.mailer.stop();
    await deps.database.close();
    unlock();
  }
}

main().catch((err) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
