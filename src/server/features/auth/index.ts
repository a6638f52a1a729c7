/*
 * What other features may use of auth (decision 0082): they import it from here, never from its files.
 */
export { createPasswordAccount } from './accounts.service';
export { homeFor } from './auth.service';
export { issuedBeforeReset } from './credentials-reset.service';
export { checkSession, PENDING_SIGN_IN_MS } from './session-check.service';
export { lastUsed, pastStaffLimits } from './session-limits.service';
export { signInCounters } from './sign-in-limit.service';
