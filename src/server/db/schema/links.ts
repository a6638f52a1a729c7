import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * product.md#data-the-portal-keeps short_links, plus attribution (decision 0013): link-preview fetches are counted apart as shares,
 * and the UTM fields are added to the destination when it is the portal itself.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    slug: text('slug').notNull().unique(),
    originalUrl: text('original_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    clickCount: integer('click_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('short_links_created_idx').on(t.createdAt)],
);
