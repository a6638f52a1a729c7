/*
 * What other features may use of account (decision 0082): they import it from here, never from its files.
 */
export { AccountSection } from './components/AccountSection';
export { useDateTime } from './lib/useDateTime';
