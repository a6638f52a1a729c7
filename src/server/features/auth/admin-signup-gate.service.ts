import { randomBytes, timingSafeEqual } from 'node:crypto';

export type AdminSignupState = 'configured' | 'one-time' | 'closed';

export interface AdminSignupGate {
  state(): AdminSignupState;
  /** The one-time code, for the start-up log only; null unless state is one-time. */
  oneTimeCode(): string | null;
  check(code: string): boolean;
  /** Closes a one-time code for good: an admin now exists (made here, by another copy, or by the CLI). */
  close(): void;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The admin code lives on the server only. ADMIN_SIGNUP_CODE when set (at least 16 characters);
 * otherwise, while no admin exists, a one-time code generated at start-up and printed in the log;
 * otherwise sign-up is closed. The one-time code's "no admin exists" is checked again in the database
 * on every attempt, under a lock (accounts.service.ts), because an admin can appear behind this
 * process's back: `npm run admin:create`, or another server copy.
 */
export function createAdminSignupGate(configured: string | undefined, adminExists: boolean): AdminSignupGate {
  let oneTime: string | null = !configured && !adminExists ? randomBytes(18).toString('base64url') : null;
  return {
    state: () => (configured ? 'configured' : oneTime ? 'one-time' : 'closed'),
    oneTimeCode: () => oneTime,
    check(code) {
      if (configured) return same(code, configured);
      if (oneTime) return same(code, oneTime);
      return false;
    },
    close() {
      oneTime = null;
    },
  };
}
