/*
 * What other features may use of filings (decision 0082): they import it from here, never from its files.
 */
export { StateFiledDialogLazy } from './admin/StateFiledDialogLazy';
export { loadFilingTasks } from './lazy';
