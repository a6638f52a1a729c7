/*
 * What other features may use of overview (decision 0082): they import it from here, never from its files.
 */

export { resolveRange } from './overview.service';
export { writeOverviewRollups } from './overview-rollups.service';
