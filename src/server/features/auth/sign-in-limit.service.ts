import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';

/**
 * Failed sign-ins are counted three ways (limits in RATE_LIMITS): per (email, client address), the
 * tight one that stops a guesser without touching the real user elsewhere; per client address, which
 * stops one machine trying many accounts; and per email, a far higher ceiling against guessing spread
 * over many addresses. The attempt is counted before the password is checked, so parallel guesses
 * cannot slip in between a check and its count; a right password takes its count back.
 */
export function signInCounters(limiter: RateLimiter, email: string, address: string) {
  const pair = `${email}|${address}`;
  return {
    /** Counts this attempt; false when any of the three limits is already used up. */
    async admit(): Promise<boolean> {
      const results = await Promise.all([
        limiter.hit('signInPerEmailAndAddress', pair),
        limiter.hit('signInPerAddress', address),
        limiter.hit('signInPerEmail', email),
      ]);
      return results.every(Boolean);
    },
    /** The password was right: this attempt was no failure, and the pair starts afresh. */
    async succeeded(): Promise<void> {
      await Promise.all([
        limiter.clear('signInPerEmailAndAddress', pair),
        limiter.undo('signInPerAddress', address),
        limiter.undo('signInPerEmail', email),
      ]);
    },
  };
}

/** A password reset proves the mailbox: the email's counters start afresh. */
export async function clearSignInFailuresOf(limiter: RateLimiter, email: string): Promise<void> {
  await Promise.all([
    limiter.clear('signInPerEmail', email),
    limiter.clearPrefix('signInPerEmailAndAddress', `${email}|`),
  ]);
}
