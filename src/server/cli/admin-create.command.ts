import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import { createPasswordAccount } from '../features/auth/accounts.service';
import { findUserByEmail } from '../features/auth/auth.service';
import { grantStaffRole } from '../features/staff/staff-grant.service';

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
 * promoting it as it is would hand admin rights to them. With --promote the account becomes an owner
 * through grantStaffRole, which ends every credential it had (decision 0067), and a password-reset
 * link goes to the address, so only the owner of the mailbox gets in.
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
        'To make it an admin anyway, run again with --promote: its sessions, password, second factor and\n' +
        'pending links are ended and a password-reset link is sent to the address, so only the owner of\n' +
        'the mailbox can sign in.',
    );
    return 3;
  }
  if (existing) {
    await db.transaction((tx) =>
      grantStaffRole(tx, {
        userId: existing.id,
        role: 'owner',
        actor: { id: null, role: 'operator' },
        via: 'cli-promote',
      }),
    );
    // Issued after the grant's stamp, so it is the one link that works: only the mailbox's owner gets in.
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } });
    print(
      `${email} is now an owner (every permission). Every credential it had (sessions, password, second factor, ` +
        'pending links) was ended, and a password-reset link was sent to it.',
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
