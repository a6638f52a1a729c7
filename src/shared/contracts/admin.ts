import { z } from '@hono/zod-openapi';

/** The back office landing page's contract. */

export const adminOverviewSchema = z
  .object({ users: z.number().int(), admins: z.number().int(), formations: z.number().int() })
  .openapi('AdminOverview');

export type AdminOverview = z.output<typeof adminOverviewSchema>;
