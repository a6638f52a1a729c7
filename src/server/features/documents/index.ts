/*
 * What other features may use of documents (decision 0082): they import it from here, never from its files.
 */
export { toDocument } from './documents.mapper';
export type { NewDocument } from './documents.service';
export { deleteDocumentRows, myDocuments, storeDocumentRow, storeDocumentRows } from './documents.service';
