/*
 * What other features may use of turnkey (decision 0082): they import it from here, never from its files.
 */
export { DRAFT_KEY } from './api/draft';
