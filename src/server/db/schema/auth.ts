import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/domain/roles';

/**
 * better-auth's four tables (user, session, account, verification), with the role and the mail
 * language added to the user. Property names are better-auth's field names; columns are snake_case.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    lang: text('lang', { enum: ['tr', 'en'] })
      .notNull()
      .default('tr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A staff member the owner deactivated: no session, no sign-in, until reactivated (decision 0043). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * When a grant of a staff role ended every credential the account had (decision 0067): a session,
     * email-change, reset or verification link issued before this is refused.
     */
    credentialsResetAt: timestamp('credentials_reset_at', { withTimezone: true }),
  },
  // The admin users list's order (joined date, id as tie-breaker), so a page is read from the index.
  (t) => [
    index('users_created_idx').on(t.createdAt, t.id),
    // The retention sweep's abandoned sign-ups (decision 0048): never verified, oldest first.
    index('users_unverified_created_idx').on(t.createdAt, t.id).where(sql`${t.emailVerified} = false`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * Decision 0042: a password-only session of a user with a second factor, waiting for its code; it
     * opens nothing else. `twoFactorAt` is the time of the session's last accepted code (step-up).
     */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The portal's own columns (decision 0044): the last request, written at most every few minutes
     * (null until the first request after sign-in), and the network it came from, never a full address.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    network: text('network'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
