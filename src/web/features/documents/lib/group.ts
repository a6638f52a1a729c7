import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../../../../shared/domain/files';
import type { DocumentView } from '../../../../shared/features/documents/documents.contracts';

/** A document as the API sends it; an older web may meet a category it does not know yet. */
export type DocumentItem = DocumentView;

export interface DocumentGroup {
  category: DocumentCategory;
  documents: DocumentItem[];
}

function toCategory(value: string): DocumentCategory {
  return (DOCUMENT_CATEGORIES as readonly string[]).includes(value) ? (value as DocumentCategory) : 'other';
}

/**
 * The document vault's sections: one per category in the catalogue's order (an unknown category
 * counts as "other"), empty ones left out, each newest first.
 */
export function groupDocuments(documents: readonly DocumentItem[]): DocumentGroup[] {
  const byCategory = new Map<DocumentCategory, DocumentItem[]>();
  for (const doc of documents) {
    const category = toCategory(doc.category);
    const list = byCategory.get(category) ?? [];
    list.push(doc);
    byCategory.set(category, list);
  }
  const time = (d: DocumentItem) => {
    const ms = Date.parse(d.createdAt);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return DOCUMENT_CATEGORIES.filter((c) => byCategory.has(c)).map((category) => ({
    category,
    documents: [...(byCategory.get(category) ?? [])].sort((a, b) => time(b) - time(a)),
  }));
}
