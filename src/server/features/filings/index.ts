/*
 * What other features may use of filings (decision 0082): they import it from here, never from its files.
 */

export { openOrderedFiling } from './filings.service';
export { runFilingsDay } from './filings-daily.service';
export { purgeFilingTaxIdBatch } from './filings-tax-id.service';
