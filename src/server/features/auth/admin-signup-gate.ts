import { randomBytes, timingSafeEqual } from 'node:crypto';

export type AdminSignupState = 'configured' | 'one-time' | 'closed';

export interface AdminSignupGate {
  state(): AdminSignupState;
  /** The one-time code, for the start-up log only; null unless state is one-time. */
  oneTimeCode(): string | null;
  check(code: string): boolean;
  /** Called after an admin was created with a valid code; burns a one-time code. */
  consumed(): void;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The admin code lives on the server only. ADMIN_SIGNUP_CODE when set; otherwise, while no admin
 * exists, a one-time code generated at start-up and printed in the log; otherwise sign-up is closed.
 */
export function createAdminSignupGate(configured: string | undefined, adminExists: boolean): AdminSignupGate {
  let oneTime: string | null = !configured && !adminExists ? randomBytes(9).toString('base64url') : null;
  return {
    state: () => (configured ? 'configured' : oneTime ? 'one-time' : 'closed'),
    oneTimeCode: () => oneTime,
    check(code) {
      if (configured) return same(code, configured);
      if (oneTime) return same(code, oneTime);
      return false;
    },
    consumed() {
      oneTime = null;
    },
  };
}
