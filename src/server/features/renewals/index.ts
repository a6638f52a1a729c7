/*
 * What other features may use of renewals (decision 0082): they import it from here, never from its files.
 */
export { effectiveStatus, followFormationDate, hasCurrentSubscription } from './renewals.service';
export { runRenewalsDaily } from './renewals-daily.service';
export { listenToPayments } from './renewals-payments.service';
