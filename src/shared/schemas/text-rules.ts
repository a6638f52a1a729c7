/*
 * The text rules every request schema applies (text.ts wraps them for zod), apart from zod so that a
 * page can check a field without downloading it (the sign-in form, web/features/auth/lib/authChecks.ts).
 */

/**
 * Upper bounds for the strings of every request schema, in UTF-16 code units (what `.length` and zod
 * count). Generous for what people type, small enough that nobody can park megabytes in a row.
 */
export const TEXT_MAX = {
  /** RFC 5321: a forward path is at most 256 octets including the angle brackets. */
  email: 254,
  /** better-auth's maxPasswordLength (auth.instance.ts): a longer one would fail inside the auth library. */
  password: 128,
  /** The sign-up form's existing rule and message (validation.fullNameTooLong). */
  fullName: 120,
  /** Business names (the EIN application). */
  name: 200,
  /** An id or a token from a link we sent (better-auth ids, UUIDs, reset tokens). */
  token: 128,
  adminCode: 128,
  utm: 200,
  search: 200,
  /** Phone shape allows at most 25 characters (formation.ts PHONE_SHAPE). */
  phone: 25,
  ssn: 20,
  /** Values checked against a list afterwards (US state names, the longest of 14 characters). */
  choice: 64,
  /** A stored file's key segment (`folder/name`); the real ones are well under this. */
  storageKeyPart: 255,
  otherActivity: 500,
  /** Onboarding motivation and the formation guide's reason / difficulties / issues. */
  longText: 2000,
  feedback: 5000,
  adminNotes: 10_000,
  /** A support thread's subject. */
  supportSubject: 200,
  /** A support message; sent as a multipart field, whose 20 KB limit this stays under even in Turkish. */
  supportMessage: 10_000,
} as const;

export const INVALID_CHARACTERS = 'validation.invalidCharacters';
export const TOO_LONG = 'validation.tooLong';

/**
 * Half of a UTF-16 surrogate pair on its own. No `u` flag on purpose: without it the regex walks code
 * units, which is what finds a lone half; complete pairs (emoji) do not match.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * False for text we cannot store as sent: NUL, which a PostgreSQL text or jsonb value cannot hold (the
 * statement fails), and a lone surrogate, which is not Unicode (UTF-8 encoders silently turn it into
 * U+FFFD, so the stored text would differ from what was sent).
 */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
