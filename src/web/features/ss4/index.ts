/*
 * What other features may use of ss4 (decision 0082): they import it from here, never from its files.
 */
export { EinGenerateSs4 } from './admin/EinGenerateSs4';
