/*
 * What other features may use of privacy (decision 0082): they import it from here, never from its files.
 */
export { getConsents, recordSignUpConsents } from './privacy-consents.service';
export { myErasure } from './privacy-erasure.service';
