/*
 * What other features may use of compliance (decision 0082): they import it from here, never from its files.
 */
export { requireRealItem } from './compliance.service';
export { deadlineDeskPage, openItemsByDay, overdueItemsSql } from './deadlines.service';
