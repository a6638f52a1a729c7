import { and, eq } from 'drizzle-orm';
import { bankAccountFeedback, businessAddressFeedback } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';

/**
 * Whether the customer has said, in the guide's feedback, that the bank account and the business
 * address are done (product.md#data-the-portal-keeps feedback tables, `completed`). The finished company's card lists only the
 * steps still open.
 */
export async function loadGuidesDone(db: DbOrTx, userId: string) {
  const done = (table: typeof bankAccountFeedback | typeof businessAddressFeedback) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.completed, true)))
      .limit(1)
      .then((rows) => rows.length > 0);
  const [bankAccount, businessAddress] = await Promise.all([done(bankAccountFeedback), done(businessAddressFeedback)]);
  return { bankAccount, businessAddress };
}
