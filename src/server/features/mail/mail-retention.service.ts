import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/format/calendar-days';
import { letters } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../platform/audit';
import { discardFiles } from '../../platform/storage/put-new-file';

/*
 * Letters' retention per sender (decision 0089), a step of the daily retention sweep. A letter past its
 * period whose paper is still at the address goes to the desk's "to shred" queue (the paper is shredded by
 * hand, and its day entered); once its paper is gone (shredded or forwarded) the record and the envelope
 * photo are deleted. A letter with paper in flight (forwarding asked or paid, shredding asked) waits.
 * The scan stays in the customer's vault: a document of theirs, under the documents' own retention.
 */

type Deps = Pick<AppDeps, 'database' | 'env' | 'storage' | 'logger'>;

const PAPER_HERE = ['received', 'scan_requested', 'scanned', 'held'] as const;
const PAPER_GONE = ['shredded', 'forwarded'] as const;
const SYSTEM = { actorId: null, actorRole: 'system' } as const;

function pastRetention(deps: Pick<AppDeps, 'env'>, today: string) {
  return or(
    and(eq(letters.sender, 'irs'), lt(letters.receivedOn, addDays(today, -deps.env.RETENTION_MAIL_IRS_DAYS))),
    and(
      eq(letters.sender, 'advertiser'),
      lt(letters.receivedOn, addDays(today, -deps.env.RETENTION_MAIL_ADVERTISING_DAYS)),
    ),
  );
}

async function expireBatch(deps: Deps, today: string, batchSize: number): Promise<number> {
  const removedFiles: string[] = [];
  const n = await deps.database.db.transaction(async (tx) => {
    const due = (states: readonly string[]) =>
      tx
        .select({ id: letters.id })
        .from(letters)
        .where(and(pastRetention(deps, today), inArray(letters.status, [...states] as never)))
        .limit(batchSize)
        .for('update', { skipLocked: true });
    const toShred = await due(PAPER_HERE);
    const shredRows = toShred.length
      ? await tx
          .update(letters)
          .set({ status: 'shred_requested', heldReason: null, updatedAt: sql`now()` })
          .where(
            inArray(
              letters.id,
              toShred.map((r) => r.id),
            ),
          )
          .returning({ id: letters.id, userId: letters.userId })
      : [];
    const toDelete = await due(PAPER_GONE);
    const deleted = toDelete.length
      ? await tx
          .delete(letters)
          .where(
            inArray(
              letters.id,
              toDelete.map((r) => r.id),
            ),
          )
          .returning({ id: letters.id, userId: letters.userId, envelopeKey: letters.envelopeKey })
      : [];
    for (const row of shredRows) await expiredAudit(tx, row, { status: 'shred_requested' });
    for (const row of deleted) {
      await expiredAudit(tx, row, { deleted: true });
      if (row.envelopeKey) removedFiles.push(row.envelopeKey);
    }
    return shredRows.length + deleted.length;
  });
  // The photos after the commit: a failed delete leaves an orphan file, never a letter without its photo.
  await discardFiles(deps, removedFiles);
  return n;
}

async function expiredAudit(tx: DbOrTx, row: { id: string; userId: string | null }, after: Record<string, unknown>) {
  await recordAudit(tx, {
    ...SYSTEM,
    action: 'letter.expired',
    entityType: 'letter',
    entityId: row.id,
    subjectUserId: row.userId,
    after,
  });
}

/** The retention sweep's letters step: how many letters it sent to shredding or deleted. */
export async function expireLetters(deps: Deps, today: string, batchSize = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await expireBatch(deps, today, batchSize);
    total += done;
    if (done === 0) return total;
  }
}

/**
 * The letters whose paper is still at the address (all but forwarded and shredded): an erasure shreds
 * them, and its proof names how many and which (decision 0089). The ids are the labels on the paper.
 */
export async function paperHeldFor(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: letters.id })
    .from(letters)
    .where(and(eq(letters.userId, userId), notInArray(letters.status, [...PAPER_GONE])));
  return rows.map((r) => r.id);
}
