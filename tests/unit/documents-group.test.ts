import { describe, expect, it } from 'vitest';
import { type DocumentItem, groupDocuments } from '../../src/web/features/documents/lib/group';

function doc(id: string, category: string, createdAt: string): DocumentItem {
  return {
    id,
    fileName: `${id}.pdf`,
    // A category this web build may not know yet (the grouping must not drop it).
    category: category as DocumentItem['category'],
    uploadedBy: 'user',
    contentType: 'application/pdf',
    fileSize: 1000,
    holdsTaxId: false,
    url: `/api/files/x/${id}.pdf`,
    createdAt,
  };
}

describe('groupDocuments', () => {
  it('groups by category in the catalogue order, newest first, unknown categories as other', () => {
    const groups = groupDocuments([
      doc('invoice', 'other', '2025-01-01T00:00:00Z'),
      doc('ss4-old', 'ss4', '2025-01-02T00:00:00Z'),
      doc('articles', 'articles_of_org', '2025-01-03T00:00:00Z'),
      doc('ss4-new', 'ss4', '2025-01-05T00:00:00Z'),
      doc('odd', 'mystery', '2025-01-04T00:00:00Z'),
    ]);
    expect(groups.map((g) => g.category)).toEqual(['ss4', 'articles_of_org', 'other']);
    expect(groups[0].documents.map((d) => d.id)).toEqual(['ss4-new', 'ss4-old']);
    expect(groups[2].documents.map((d) => d.id)).toEqual(['odd', 'invoice']);
  });

  it('has no groups without documents', () => {
    expect(groupDocuments([])).toEqual([]);
  });
});
