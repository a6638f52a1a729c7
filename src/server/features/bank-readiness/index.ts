/*
 * What other features may use of bank readiness (decision 0082): they import it from here, never from its files.
 */
export { form8822bChangeOf, form8822bItemsSql } from './bank-readiness.service';
export { writeBankRollups } from './bank-rollups.service';
