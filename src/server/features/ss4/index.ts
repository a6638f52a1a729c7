/*
 * What other features may use of ss4 (decision 0082): they import it from here, never from its files.
 */
export { loadPdfLibs, unicodeFont } from './ss4-template.service';
