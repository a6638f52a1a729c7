/*
 * What other features may use of privacy (decision 0082): they import it from here, never from its files.
 */
export { ConsentsSection } from './components/ConsentsSection';
export { DataExportSection } from './components/DataExportSection';
export { DeletionSection } from './components/DeletionSection';
export { SignUpConsents } from './components/SignUpConsents';
