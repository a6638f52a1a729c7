/*
 * What other features may use of privacy (decision 0082): they import it from here, never from its files.
 */
export { recordSignUpConsents } from './privacy-consents.service';
