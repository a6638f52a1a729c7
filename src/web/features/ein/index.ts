/*
 * What other features may use of ein (decision 0082): they import it from here, never from its files.
 */
export { EinStatusBadge } from './admin/EinStatusBadge';
export type { AdminEinApplication } from './admin/einApplicationsApi';
export { EIN_KEY, useApplyEinChange } from './admin/einApplicationsApi';
