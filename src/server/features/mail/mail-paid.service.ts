import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LetterStatus } from '../../../shared/features/mail/mail.domain';
import { letters } from '../../db/schema';
import type { Tx } from '../../db/tx';
import { recordAudit } from '../../platform/audit';
import type { OrderRow } from '../payments';

/**
 * A paid order of a letter's (a forwarding or an extra scan), in the webhook's transaction, which runs once
 * per order (decisions 0089, 0099): the letter that waits for it moves on, audited `<action>`; one the
 * customer meanwhile decided otherwise keeps that word, audited `<action>_late` for staff to act on.
 */
export async function settlePaidLetter(
  tx: Tx,
  order: OrderRow,
  paid: {
    orderOf: typeof letters.forwardOrderId | typeof letters.scanOrderId;
    waiting: readonly LetterStatus[];
    next: LetterStatus;
    stampDecision?: boolean;
    action: 'letter.forward_paid' | 'letter.scan_paid';
  },
): Promise<void> {
  if (order.kind !== 'service') return;
  const [moved] = await tx
    .update(letters)
    .set({
      status: paid.next,
      heldReason: null,
      ...(paid.stampDecision ? { decidedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paid.orderOf, order.id), inArray(letters.status, [...paid.waiting])))
    .returning({ id: letters.id });
  const [late] = moved
    ? []
    : await tx.select({ id: letters.id, status: letters.status }).from(letters).where(eq(paid.orderOf, order.id));
  const letter = moved ?? late;
  if (!letter) return;
  await recordAudit(tx, {
    actorId: null,
    actorRole: 'system',
    action: moved ? paid.action : `${paid.action}_late`,
    entityType: 'letter',
    entityId: letter.id,
    subjectUserId: order.userId,
    after: { orderId: order.id, status: late ? late.status : paid.next },
  });
}
