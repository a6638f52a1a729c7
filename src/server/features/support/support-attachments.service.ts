import { eq } from 'drizzle-orm';
import { supportAttachments, supportMessages, supportThreads } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { putNewFile } from '../../platform/storage/put-new-file';
import type { UploadedFile } from '../../platform/uploads/multipart';

/**
 * Who may download a support attachment (GET /api/files/support/...): the thread's owner or an admin.
 * Null for anyone else and for keys no attachment has, so the route answers both with 404.
 */
export async function findAttachmentForDownload(
  db: DbOrTx,
  key: string,
  user: { id: string },
): Promise<{ fileName: string; contentType: string; mine: boolean } | null> {
  const [row] = await db
    .select({
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      ownerId: supportThreads.userId,
    })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .where(eq(supportAttachments.filePath, key))
    .limit(1);
  if (!row) return null;
  return { fileName: row.fileName, contentType: row.contentType, mine: row.ownerId === user.id };
}

/** Removes a stored file after a failed change; a failure here must not hide the original error. */
async function discardFile(deps: AppDeps, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await deps.storage.delete(key);
  } catch (err) {
    deps.logger.error({ err, key }, 'could not delete a stored file after a failed change');
  }
}

/**
 * Storage is not part of a database transaction: the file is stored first, then `write` runs in one
 * transaction, and a failure of the transaction removes the file again.
 */
export async function withStoredFile<T>(
  deps: AppDeps,
  ownerId: string,
  file: UploadedFile | undefined,
  write: (tx: Tx, key: string | null) => Promise<T>,
): Promise<T> {
  const key = file
    ? await putNewFile(deps.storage, {
        folder: 'support',
        userId: ownerId,
        kind: file.kind,
        data: file.data,
        contentType: file.contentType,
      })
    : null;
  try {
    return await deps.database.db.transaction((tx) => write(tx, key));
  } catch (err) {
    await discardFile(deps, key);
    throw err;
  }
}
