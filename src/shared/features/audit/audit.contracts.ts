import { z } from '@hono/zod-openapi';
import { pageOf } from '../../contracts/common';
import { listQuery } from '../../schemas/list-query';
import { safeText, TEXT_MAX } from '../../schemas/text';
import { AUDIT_ACTIONS, AUDIT_SORTS } from './audit.domain';

/**
 * The audit trail, read (/admin/audit, owner only; decision 0043, decision 0043): who did what to whom,
 * when and from which network. Filtered, sorted and paged in SQL; exported as CSV. The web imports
 * the types only.
 */

export { AUDIT_SORTS, type AuditSort } from './audit.domain';

const auditQueries = listQuery(
  {
    sort: z.enum(AUDIT_SORTS).default('newest'),
    /** The actor's user id. */
    actor: safeText(TEXT_MAX.token).min(1).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** The customer (the row's subject) by exact id. */
    customer: safeText(TEXT_MAX.token).min(1).optional(),
    /** The customer by email or name (Turkish letters folded). */
    q: safeText(TEXT_MAX.search).optional(),
    /** First and last day, inclusive, in UTC. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  },
  { pageSize: 25, periods: [['from', 'to']] },
);

export const auditListQuerySchema = auditQueries.list;
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export const auditExportQuerySchema = auditQueries.export;

const personSchema = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });

export const auditRowSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    /** Null for the system (payments, the CLI). */
    actor: personSchema.nullable(),
    /** As recorded: a staff role, customer, system or operator. */
    actorRole: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    customer: personSchema.nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    network: z.string().nullable(),
  })
  .openapi('AuditRow');
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditListSchema = pageOf(auditRowSchema, 'AuditList');
export type AuditList = z.infer<typeof auditListSchema>;

/** The people the actor filter offers: everyone who has been staff (deactivated members included). */
export const auditActorsSchema = z
  .object({ actors: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })) })
  .openapi('AuditActors');
export type AuditActors = z.infer<typeof auditActorsSchema>;
