import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { ROLES } from '../../domain/roles';
import { documentSchema } from '../documents/documents.contracts';
import { FORMATION_STATUSES } from '../formations/formation.domain';
import { FORMATION_PAYMENT_STATUSES } from '../payments/orders.domain';

/**
 * The staff's users API contract: the request schemas (src/shared/features/users/users-admin.schemas.ts, re-exported)
 * and the response shapes. The web imports the types only (`import type`).
 */

export {
  type AdminUserListQuery,
  type AdminUserSort,
  type AdminUserUpdate,
  adminUserListQuerySchema,
  adminUserUpdateSchema,
} from './users-admin.schemas';

export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** The profile's display name, else the sign-up name; null when neither is set ('No Name'). */
    displayName: z.string().nullable(),
    role: z.enum(ROLES),
    joinedAt: z.string(),
  })
  .openapi('AdminUser');

export const adminUserDetailSchema = adminUserSchema
  .extend({
    /** company_formations.company_formation_preference; null: 'Not Set'. */
    formationPreference: z.enum(['service', 'self']).nullable(),
    /** null: no formation record yet ('Not Started'). */
    formationStatus: z.enum(FORMATION_STATUSES).nullable(),
    /** The formation's payment status (a badge); null without a formation. */
    paymentStatus: z.enum(FORMATION_PAYMENT_STATUSES).nullable(),
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    documents: z.array(documentSchema),
  })
  .openapi('AdminUserDetail');

export const adminUserListSchema = pageOf(adminUserSchema, 'AdminUserList');
export const adminUserResultSchema = z.object({ user: adminUserDetailSchema });

export type AdminUser = z.output<typeof adminUserSchema>;
export type AdminUserDetail = z.output<typeof adminUserDetailSchema>;
export type AdminUserList = z.output<typeof adminUserListSchema>;
export type AdminUserResult = z.output<typeof adminUserResultSchema>;
