import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ADDRESS_KINDS, ADDRESS_ROLES } from '../../../shared/features/bank-readiness/addresses.domain';
import { APPLICATION_OUTCOMES } from '../../../shared/features/bank-readiness/applications.domain';
import { PROVIDERS } from '../../../shared/features/bank-readiness/providers.domain';
import { users } from './auth';

/**
 * The company's addresses the customer gave for bank readiness (decision 0084): one per role.
 * The portal's own addresses (its virtual address, its agent) are not stored here; the check derives them
 * from the formation, and a customer's row in the same role replaces them.
 */
export const bankAddresses = pgTable(
  'bank_addresses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ADDRESS_ROLES }).notNull(),
    kind: text('kind', { enum: ADDRESS_KINDS }).notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    /** The US state's USPS code; a province or region abroad. */
    region: text('region'),
    postalCode: text('postal_code'),
    /**
     * The day this address replaced another that the IRS may hold, so Form 8822-B is owed (the
     * mailing address; decision 0092): the compliance calendar's item falls due 60 days later.
     */
    form8822bChangedOn: date('form_8822b_changed_on', { mode: 'string' }),
    /**
     * Its due date, FORM_8822B_DAYS on by the federal due-date rule, kept by the database (migration 0048):
     * the desk and the reminders read it through an index instead of computing it per row.
     */
    form8822bDueOn: date('form_8822b_due_on', { mode: 'string' }).generatedAlwaysAs(
      sql`federal_due_date(form_8822b_changed_on + 60)`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_addresses_user_role_idx').on(t.userId, t.role),
    // The deadlines desk and the reminder mails read the Form 8822-B items by their change's day
    // (decision 0100, migration 0047): the few changed rows, never the whole table.
    index('bank_addresses_8822b_changed_idx').on(t.form8822bChangedOn).where(sql`${t.form8822bChangedOn} is not null`),
    index('bank_addresses_8822b_due_idx').on(t.form8822bDueOn).where(sql`${t.form8822bDueOn} is not null`),
  ],
);

/** Where the customer applied and what the provider answered (decision 0084). */
export const bankApplications = pgTable(
  'bank_applications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    outcome: text('outcome', { enum: APPLICATION_OUTCOMES }).notNull(),
    /** The provider's reason, in the customer's words (a refusal or the information asked for). */
    reason: text('reason'),
    decidedOn: date('decided_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_applications_user_idx').on(t.userId, t.createdAt),
    // The home's approval rates per provider read one index range per provider and outcome.
    index('bank_applications_provider_outcome_idx').on(t.provider, t.outcome, t.createdAt),
    // The back office's list (decision 0091, migration 0045), newest first: all of them, by answer, and
    // the refusals of one reason as the home folds it (the list the home's reason figure links to).
    index('bank_applications_created_idx').on(t.createdAt, t.id),
    index('bank_applications_outcome_idx').on(t.outcome, t.createdAt),
    index('bank_applications_refusal_reason_idx')
      .on(sql`lower(trim(${t.reason}))`, t.createdAt)
      .where(sql`${t.outcome} = 'refused'`),
  ],
);

/**
 * The back office's changes to the bank catalogue (decision 0085): a rule re-checked on a day, or
 * withdrawn (the check then says "unknown, ask the bank"). Who changed what is in the audit log.
 */
export const bankRuleOverrides = pgTable(
  'bank_rule_overrides',
  {
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    ruleKey: text('rule_key').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }),
    withdrawn: boolean('withdrawn').notNull().default(false),
    note: text('note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.ruleKey] })],
);

/**
 * The home's bank panel's daily rollup (decision 0103), written by the daily run for finished UTC days:
 * the answers recorded that day per provider and outcome, and a refusal's reason as the home folds it
 * (lower(trim(reason)); '' for none). Counts only, no personal data.
 */
export const bankDaily = pgTable(
  'bank_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    outcome: text('outcome', { enum: APPLICATION_OUTCOMES }).notNull(),
    reason: text('reason').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider, t.outcome, t.reason] })],
);
