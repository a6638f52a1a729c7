import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A user's second factor (TOTP, decision 0042): the key encrypted like the SSN (context: the user's
 * id), `enabledAt` null while enrolment waits for its first code, and the time step of the last code
 * used, so no code is accepted twice.
 */
export const twoFactors = pgTable('two_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes: only a SHA-256 of each is kept (80 random bits each), and when it was used. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Wrong second-factor codes per account, whatever the address (decision 0070): the 15-minute and the
 * 24-hour windows' counts, how many lockouts followed one another (each longer), and the current
 * lockout's end. A right code deletes the row; a password reset does not touch it.
 */
export const twoFactorLimits = pgTable('two_factor_limits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
  dayStartedAt: timestamp('day_started_at', { withTimezone: true }),
  dayFailures: integer('day_failures').notNull().default(0),
  lockouts: integer('lockouts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
