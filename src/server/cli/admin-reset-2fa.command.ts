import { isStaff } from '../../shared/domain/roles';
import type { AppDeps } from '../deps';
import { findUserForReset, resetTwoFactor } from '../features/two-factor/two-factor.service';

/**
 * What `npm run admin:reset-2fa` does, apart from reading its arguments (decision 0042): removes a
 * staff member's second factor and ends their sessions, for an owner locked out with no other owner
 * to do it from /admin/staff. Whoever runs it already holds the server. Audited (actor null, role
 * 'operator') and mailed to the member. 0 when reset, 3 when there is nothing to reset, 4 when the
 * address is no staff member's.
 */
export async function adminResetTwoFactor(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'env'>,
  email: string,
  print: (line: string) => void,
): Promise<number> {
  const user = await findUserForReset(deps.database.db, { email: email.trim().toLowerCase() });
  if (!user || !isStaff(user.role)) {
    print(`${email} is not a staff account; customers turn their second factor off themselves.`);
    return 4;
  }
  if (!(await resetTwoFactor(deps, { id: null, role: 'operator' }, user))) {
    print(`${user.email} has no second factor to reset. They set one up at their next sign-in.`);
    return 3;
  }
  print(
    `${user.email}: second factor removed and every session ended; a notice was mailed. ` +
      'They set up a new one at their next sign-in.',
  );
  return 0;
}
