/** Limits of product.md#size-and-count-limits, used by the forms and enforced by the API. */
export const PASSWORD_MIN_LENGTH = 8;
export const UPLOAD_MAX_BYTES = 5_242_880;
export const REMEMBER_ME_DAYS = 30;
export const TOAST_DURATION_MS = 5000;

/** Every JSON request body stops here (413); uploads have their own 5 MB limit. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/** A payment provider's webhook body stops here (413): Stripe's events are a few kilobytes. */
export const WEBHOOK_BODY_MAX_BYTES = 1024 * 1024;

/**
 * Staff sessions (decision 0043, decision 0044): one ends after this long without a request, and after
 * STAFF_SESSION_MAX_DAYS whatever happens. Customers keep REMEMBER_ME_DAYS.
 */
export const STAFF_SESSION_IDLE_HOURS = 12;
export const STAFF_SESSION_MAX_DAYS = 7;
/**
 * A session's "last seen" is written at most this often: a write per request would double the work of
 * every API call. The idle limit may therefore end a staff session up to this much early.
 */
export const SESSION_LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
/** The link that confirms a new email address is valid this long, once. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** `ADMIN_SIGNUP_CODE` must be at least this long: a short code is guessed. */
export const ADMIN_SIGNUP_CODE_MIN_LENGTH = 16;

export interface RateLimit {
  /** At most this many hits per window... */
  max: number;
  /** ...of this many milliseconds. */
  windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The rate limits (decision 0008). Sign-in failures count per (email, client address), so an attacker
 * elsewhere cannot lock the real user out, and per client address; the per-email ceiling is far higher
 * and only stops guessing spread over many addresses. Mail-sending routes count per client address and
 * per target address so nobody can flood a victim's inbox.
 */
/**
 * How long after signing in with the password a session may still do what needs it without asking
 * again: setting up the second factor (decision 0042). Later, the current password is asked.
 */
export const RECENT_SIGN_IN_MS = 10 * MINUTE;

/**
 * Wrong codes of the second factor, per account whatever the client's address (decision 0070): the
 * fifth in 15 minutes, or the twentieth in 24 hours, locks the authenticator app's codes out for the
 * next step of TWO_FACTOR_LOCKOUTS_MS (the last repeats). The steps start again after a right code, or
 * once a day has passed since the last lockout ended. A recovery code is still taken while locked.
 */
export const TWO_FACTOR_FAILURES = { max: 5, windowMs: 15 * MINUTE, dayMax: 20, dayMs: 24 * HOUR };
export const TWO_FACTOR_LOCKOUTS_MS = [15 * MINUTE, HOUR, 4 * HOUR, 24 * HOUR] as const;
export const TWO_FACTOR_LOCKOUT_FORGOTTEN_MS = 24 * HOUR;

export const RATE_LIMITS = {
  signInPerEmailAndAddress: { max: 10, windowMs: 15 * MINUTE },
  signInPerAddress: { max: 50, windowMs: 15 * MINUTE },
  signInPerEmail: { max: 200, windowMs: 15 * MINUTE },
  /**
   * Wrong recovery codes per account (decision 0070). Each is 80 random bits, so the limit is not what
   * keeps them from being guessed; it only stops a flood. They stay open while the app's codes are locked.
   */
  recoveryCodePerUser: { max: 10, windowMs: HOUR },
  adminSignUpPerAddress: { max: 10, windowMs: HOUR },
  signUpPerAddress: { max: 20, windowMs: HOUR },
  passwordResetPerAddress: { max: 10, windowMs: HOUR },
  passwordResetPerEmail: { max: 3, windowMs: HOUR },
  verificationPerAddress: { max: 10, windowMs: HOUR },
  verificationPerEmail: { max: 3, windowMs: HOUR },
  /** The account page's email change mails a link to an address the user types: a flood is abuse. */
  emailChangePerUser: { max: 5, windowMs: HOUR },
  emailChangePerAddress: { max: 10, windowMs: HOUR },
  /** A signed-in session guessing the current password on the account page is limited like sign-in. */
  passwordChangePerUser: { max: 10, windowMs: 15 * MINUTE },
  /** Each purchase opens a checkout at the payment provider; a loop of them is abuse, not shopping. */
  checkoutPerUser: { max: 30, windowMs: HOUR },
  /** A generated SS-4 or SS-4 data sheet is a PDF built on the server; staff need a few an hour. */
  ss4PdfPerAdmin: { max: 60, windowMs: HOUR },
  /**
   * The private .ics feed, per feed: calendar apps poll each one every few hours, so a feed fetched
   * more than about once a minute is a loop or a leaked URL. Counted by the token's hash.
   */
  calendarFeedPerToken: { max: 2, windowMs: MINUTE },
  /**
   * The same feed, per client address: only a ceiling. Google, Apple and Outlook fetch every
   * subscriber's feed from a few shared addresses, so a per-address limit near one person's use would
   * answer 429 to every feed behind such an address; 20,000 an hour (about 5.5 a second) is above what
   * those services send for tens of thousands of subscribers each polled every few hours, and still
   * stops a flood. Guessing is not what it guards against: a token is a 256-bit HMAC.
   */
  calendarFeedPerAddress: { max: 20_000, windowMs: HOUR },
  /** "Download my data" (decision 0046): one copy an hour; each is a ZIP of every stored file. */
  dataExportPerUser: { max: 1, windowMs: HOUR },
  /** A staff member producing customers' copies: a handful an hour is a mailed request, more is a leak. */
  dataExportPerStaff: { max: 20, windowMs: HOUR },
  /** The erasure link is mailed to the account's own address; a few an hour. */
  erasureRequestPerUser: { max: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimit>;
