import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** product.md#data-the-portal-keeps user_profiles: written by upsert at sign-up; UTM fields come from the sign-up page's query. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    displayName: text('display_name'),
    formationPreference: text('formation_preference'),
    formationStatus: text('formation_status'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The short link (its slug) the visitor arrived through before signing up; attribution, decision 0013. */
    shortLinkSlug: text('short_link_slug'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_profiles_short_link_slug_idx').on(t.shortLinkSlug)],
);
