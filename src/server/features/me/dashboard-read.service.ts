import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { companyFormations, einApplications } from '../../db/schema';
import type { EinRow } from '../ein';
import type { FormationRow } from '../formations';

/**
 * The dashboard's records in one prepared statement (decision 0025): the user's formation and, joined,
 * their EIN application (one per user: ein_applications.user_id is unique). The same rows as
 * findFormationByUser and findApplicationByUser read one after the other.
 */
const formationWithEin = preparedFor((db) =>
  db
    .select({ formation: companyFormations, ein: einApplications })
    .from(companyFormations)
    .leftJoin(einApplications, eq(einApplications.userId, companyFormations.userId))
    .where(eq(companyFormations.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('dashboard_formation_with_ein'),
);

export async function readDashboardRecords(
  db: Db,
  userId: string,
): Promise<{ formation: FormationRow; ein: EinRow | null } | null> {
  const [row] = await formationWithEin(db).execute({ userId });
  return row ? { formation: row.formation, ein: row.ein } : null;
}
