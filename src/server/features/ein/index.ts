/*
 * What other features may use of ein (decision 0082): they import it from here, never from its files.
 */

export type { EinRow } from './ein.mapper';
export { loadFileNames, toAdminEinApplication, toEinSummary } from './ein.mapper';
export { findApplicationById, findApplicationByUser } from './ein.service';
export { advanceApplication, einDeskPage, findAdminRow } from './ein-admin.service';
export { customerFollowUps, overdueCondition, overdueCutoff } from './ein-follow-ups.service';
export { setEinNumber } from './ein-number.service';
export { decryptStoredSsn, formatSsn } from './ein-ssn.service';
export { recordEinUpload, uploadRefusal } from './ein-uploads.service';
