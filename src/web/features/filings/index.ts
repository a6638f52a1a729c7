/*
 * What other features may use of filings (decision 0082): they import it from here, never from its files.
 */
export { StateFiledDialog } from './admin/StateFiledDialog';
export { loadFilingTasks } from './lazy';
