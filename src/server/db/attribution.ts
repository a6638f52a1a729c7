import type { AnyColumn, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/** How a customer arrived: the utm_source and the short link their profile recorded at sign-up. */
export interface Attribution {
  utm?: string | null;
  link?: string | null;
}

/**
 * The customer in `userId` arrived with this attribution (user_profiles.utm_source, short_link_slug),
 * as the home's funnel filters it (overview-rollups.service.ts): the lists its steps open take the same
 * filter. Empty when neither is given.
 */
export function attributedTo(userId: AnyColumn, { utm, link }: Attribution): SQL[] {
  if (!utm && !link) return [];
  const conditions: SQL[] = [sql`p.id = ${userId}`];
  if (utm) conditions.push(sql`p.utm_source = ${utm}`);
  if (link) conditions.push(sql`p.short_link_slug = ${link}`);
  return [sql`exists (select 1 from user_profiles p where ${sql.join(conditions, sql` and `)})`];
}
