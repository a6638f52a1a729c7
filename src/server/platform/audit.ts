import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { currentNetwork } from './http/request-context';

export interface AuditEntry {
  actorId: string | null;
  actorRole: string | null;
  action: string;
  entityType: string;
  entityId: string;
  subjectUserId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The client's network; the current request's when not given (platform/http/request-context.ts). */
  network?: string | null;
}

/**
 * Writes one audit row, with the network of the request it runs in. Pass the transaction when the
 * change it records is part of one.
 */
export async function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    subjectUserId: entry.subjectUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    network: entry.network === undefined ? currentNetwork() : entry.network,
    // now() is the transaction's start: the rows of one change (the EIN submit, the formation it moves)
    // would share it and the timelines could not put them in order. clock_timestamp() is the moment of
    // each insert.
    createdAt: sql`clock_timestamp()`,
  });
}
