/*
 * What other features may use of retention (decision 0082): they import it from here, never from its files.
 */
export { SsnRetentionNotice } from './components/SsnRetentionNotice';
