/*
 * What other features may use of audit (decision 0082): they import it from here, never from its files.
 */
export { auditActors, auditTrailPage } from './audit-admin.service';
