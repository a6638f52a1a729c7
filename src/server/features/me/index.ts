/*
 * What other features may use of me (decision 0082): they import it from here, never from its files.
 */
export { myFormation } from './my-formation.service';
