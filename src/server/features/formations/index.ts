/*
 * What other features may use of formations (decision 0082): they import it from here, never from its files.
 */

export type { FormationRow } from './formations.service';
export { changeFormationStatus, findFormationByUser, toFormation } from './formations.service';
export { loadGuidesDone } from './guides-done.service';
