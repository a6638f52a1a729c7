import { eq } from 'drizzle-orm';
import { isUuid } from '../../../shared/domain/ids';
import type { ActingPerson } from '../../../shared/domain/roles';
import { companyFormations, einApplications } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/tx';
import type { UploadedFile } from '../../platform/uploads/multipart';
import type { NewDocument } from '../documents';
import { changeFormationStatus } from '../formations';
import { recordStageReached } from '../timeline';
import type { EinRow } from './ein.mapper';

/*
 * What the EIN application's parts share: finding it, its files' documents rows, and the formation's
 * completion when the EIN is issued. The customer's submit is in ein-submission.service.ts, the three
 * uploads in ein-uploads.service.ts, the staff's desk in ein-admin.service.ts and the SSN in
 * ein-ssn.service.ts.
 */

export async function findApplicationByUser(db: DbOrTx, userId: string): Promise<EinRow | null> {
  const [row] = await db.select().from(einApplications).where(eq(einApplications.userId, userId)).limit(1);
  return row ?? null;
}

export async function findApplicationById(db: DbOrTx, id: string): Promise<EinRow | null> {
  // A malformed id would be a database error (invalid uuid) rather than "not found".
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(einApplications).where(eq(einApplications.id, id)).limit(1);
  return row ?? null;
}

/**
 * product.md#ein-states: an issued EIN completes the process. From ein_created that is the system's own step; if an
 * admin had moved the formation somewhere else by hand, it takes the admin's rule to move it.
 */
export async function completeFormation(tx: Tx, userId: string, admin: ActingPerson): Promise<void> {
  const [formation] = await tx
    .select()
    .from(companyFormations)
    .where(eq(companyFormations.userId, userId))
    .limit(1)
    .for('update');
  if (!formation || formation.formationStatus === 'process_completed') return;
  await changeFormationStatus(tx, {
    formationId: formation.id,
    from: formation.formationStatus,
    to: 'process_completed',
    actor: formation.formationStatus === 'ein_created' ? 'system' : 'admin',
    actorId: admin.id,
    actorRole: admin.role,
  });
  // Not told by notifyStageChange (the caller's notice is of the EIN), so its date is recorded here.
  await recordStageReached(tx, { userId, kind: 'formation', stage: 'process_completed' });
  // No mail of its own: the EIN-issued mail of the same change says the setup is complete, and two
  // mails in the same second would read as a mistake. Only a completion by hand (admin formations)
  // sends formationProcessCompleted.
}

/** The documents row of an EIN file: the customer sees it in their vault. */
export function documentValues(
  userId: string,
  key: string,
  category: 'ss4' | 'ein' | 'articles_of_org' | 'other',
  uploadedBy: 'user' | 'admin',
  file: UploadedFile,
  /** Whether the file prints the SSN (decision 0066): the caller knows which file it is. */
  holdsTaxId: boolean,
): NewDocument {
  return {
    userId,
    fileName: file.fileName,
    filePath: key,
    category,
    uploadedBy,
    contentType: file.contentType,
    fileSize: String(file.size),
    holdsTaxId,
  };
}
