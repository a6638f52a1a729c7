/*
 * What other features may use of renewals (decision 0082): they import it from here, never from its files.
 */
export { effectiveStatus, followFormationDate, runRenewalsDaily } from './renewals.service';
export { listenToPayments } from './renewals-payments.service';
