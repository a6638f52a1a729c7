import { desc, eq, inArray } from 'drizzle-orm';
import type { DocumentList } from '../../../shared/features/documents/documents.contracts';
import { documents } from '../../db/schema';
import type { DbOrTx } from '../../db/tx';
import { toDocument } from './documents.mapper';

type DocumentRow = typeof documents.$inferSelect;

/**
 * A file going into a customer's vault, as its writer must describe it. `holdsTaxId` has no default on
 * purpose (decision 0066): whether the file prints an SSN or ITIN is known only where it is written, so
 * every writer says so, and a new one cannot forget (the column's own default is only for old rows).
 */
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'createdAt' | 'holdsTaxId'> & {
  holdsTaxId: boolean;
};

/**
 * The one way a documents row is written (a test holds every other module to it). In the caller's
 * transaction, next to the change that points at the file.
 */
export async function storeDocumentRows(tx: DbOrTx, values: readonly NewDocument[]): Promise<DocumentRow[]> {
  for (const v of values) {
    // The type says it; this says it to a caller that cast its way past the type.
    if (typeof v.holdsTaxId !== 'boolean') throw new Error('storeDocumentRows: holdsTaxId must be decided');
  }
  if (values.length === 0) return [];
  return tx
    .insert(documents)
    .values([...values])
    .returning();
}

export async function storeDocumentRow(tx: DbOrTx, value: NewDocument): Promise<DocumentRow> {
  const [row] = await storeDocumentRows(tx, [value]);
  return row;
}

/**
 * Removes replaced documents rows in the caller's transaction and returns their storage keys, for the
 * caller to delete after commit (storage is not transactional). Until then the file has no row, and
 * GET /api/files serves only a file with a row: a crash in between leaves bytes nobody can download.
 */
export async function deleteDocumentRows(tx: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await tx
    .delete(documents)
    .where(inArray(documents.id, [...ids]))
    .returning({ key: documents.filePath });
  return gone.map((g) => g.key);
}

/** A user's documents, newest first, as GET /api/documents answers them (and the documents page's boot data). */
export async function myDocuments(db: DbOrTx, userId: string): Promise<DocumentList> {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return { documents: rows.map(toDocument) };
}
