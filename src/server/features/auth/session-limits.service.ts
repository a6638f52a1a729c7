import { and, eq, isNull, lt, or } from 'drizzle-orm';
import {
  SESSION_LAST_SEEN_EVERY_MS,
  STAFF_SESSION_IDLE_HOURS,
  STAFF_SESSION_MAX_DAYS,
} from '../../../shared/domain/limits';
import { isStaff, toRole } from '../../../shared/domain/roles';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { SessionRow } from './session-lookup.service';

const HOUR_MS = 3600 * 1000;

/** When a session was last used: its last recorded request, else its sign-in. */
export function lastUsed(row: Pick<SessionRow, 'createdAt' | 'lastSeenAt'>): Date {
  return row.lastSeenAt ?? row.createdAt;
}

/** Whether a session of `role` is past the staff limits at `now` (never for a customer's). */
export function pastStaffLimits(
  role: string | null | undefined,
  row: Pick<SessionRow, 'createdAt' | 'lastSeenAt'>,
  now: number,
): boolean {
  if (!isStaff(toRole(role))) return false;
  const idle = now - lastUsed(row).getTime() > STAFF_SESSION_IDLE_HOURS * HOUR_MS;
  const tooOld = now - row.createdAt.getTime() > STAFF_SESSION_MAX_DAYS * 24 * HOUR_MS;
  return idle || tooOld;
}

/**
 * A staff session past 12 hours without a request or 7 days since sign-in (decision 0043) is deleted, and
 * the request goes on without a session (401 where one is needed). Customers keep better-auth's
 * 30-day sessions.
 */
export async function staffSessionOver(db: Db, row: SessionRow, now: number): Promise<boolean> {
  if (!pastStaffLimits(row.role, row, now)) return false;
  await db.delete(sessions).where(eq(sessions.id, row.sessionId));
  return true;
}

/**
 * Records the request as the session's last use and the network it came from, at most every few
 * minutes. The condition is repeated in SQL, so parallel requests of one session write once.
 */
export async function touchSession(db: Db, row: SessionRow, now: number, network: () => string | null): Promise<void> {
  if (row.lastSeenAt !== null && now - row.lastSeenAt.getTime() < SESSION_LAST_SEEN_EVERY_MS) return;
  const stale = new Date(now - SESSION_LAST_SEEN_EVERY_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), network: network() ?? row.network })
    .where(and(eq(sessions.id, row.sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, stale))));
}
