import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { createPasswordAccount } from '../features/auth/accounts.service';
import { findUserByEmail, setRole } from '../features/auth/auth.service';
import { recordAudit } from '../platform/audit';

export interface AdminCreateOptions {
  email: string;
  name: string;
  password?: string;
  promote: boolean;
}

/**
 * What `npm run admin:create` does, apart from reading its arguments: 0 when an admin is ready, 3 when
 * the address already has an account and --promote was not given. An existing account is refused by
 * default because anyone can sign up the operator's address first, with a password of their own;
 * promoting it as it is would hand admin rights to them. With --promote the account becomes an admin,
 * every session it has is ended, and a password-reset link goes to the address, so only the owner of
 * the mailbox gets in.
 */
export async function adminCreate(
  deps: Pick<AppDeps, 'database' | 'auth' | 'mailer' | 'env'>,
  options: AdminCreateOptions,
  print: (line: string) => void,
): Promise<number> {
  const { db } = deps.database;
  const email = options.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing && !options.promote) {
    print(
      `${email} already has an account. It may have been made by someone else with a password of their own.\n` +
        'To make it an admin anyway, run again with --promote: its sessions are ended and a password-reset\n' +
        'link is sent to the address, so only the owner of the mailbox can sign in.',
    );
    return 3;
  }
  if (existing) {
    await db.transaction(async (tx) => {
      await setRole(tx, existing.id, 'owner');
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      await recordAudit(tx, {
        actorId: null,
        actorRole: 'operator',
        action: 'admin.created',
        entityType: 'user',
        entityId: existing.id,
        subjectUserId: existing.id,
        before: { role: existing.role },
        after: { role: 'owner', via: 'cli-promote' },
      });
    });
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
    print(
      `${email} is now an owner (every permission). Its sessions were ended and a password-reset link was sent to it.`,
    );
    return 0;
  }
  const generated = options.password ? null : randomBytes(12).toString('base64url');
  const password = options.password ?? (generated as string);
  await createPasswordAccount(deps, { fullName: options.name, email, password, lang: 'tr', role: 'owner', via: 'cli' });
  print(`Owner ready (every permission): ${email}`);
  if (generated) print(`Generated password (shown once): ${generated}`);
  return 0;
}
