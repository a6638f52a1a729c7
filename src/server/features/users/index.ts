/*
 * What other features may use of users (decision 0082): they import it from here, never from its files.
 */
export { customerMatches } from './users-admin.service';
