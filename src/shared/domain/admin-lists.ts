/*
 * What the admin lists offer to sort and filter by, kept apart from their zod schemas (src/shared/schemas):
 * a list page that imported a value from a schema file downloaded the schema library with it (decision
 * 0060). The schemas read these too.
 */

export const ADMIN_USER_SORTS = ['newest', 'oldest'] as const;

export const ADMIN_FORMATION_SORTS = ['created_desc', 'created_asc', 'updated_desc', 'updated_asc'] as const;

/** The horizons the admin's "Upcoming deadlines" offers (days from today). */
export const DEADLINE_HORIZONS = [30, 60, 90, 180] as const;
