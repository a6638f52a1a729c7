/*
 * What other features may use of short-links (decision 0082): they import it from here, never from its files.
 */
export { attributableSlug } from './short-links.service';
