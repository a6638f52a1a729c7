/*
 * What other features may use of files (decision 0082): they import it from here, never from its files.
 */
export { contentDisposition } from './files.routes';
