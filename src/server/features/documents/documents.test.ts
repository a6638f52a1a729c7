import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { documents } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const customer = () => signedInCustomer(t);

type NewDocument = typeof documents.$inferInsert;

async function addDocument(row: Omit<NewDocument, 'filePath'> & { at: string; stamp: number }) {
  const { at, stamp, ...rest } = row;
  const [inserted] = await t.deps.database.db
    .insert(documents)
    .values({ ...rest, filePath: `${rest.category}/${rest.userId}_${stamp}.pdf`, createdAt: new Date(at) })
    .returning();
  return inserted;
}

describe('GET /api/documents', () => {
  it("lists the caller's own documents newest first, with who uploaded each and its download URL", async () => {
    const me = await customer();
    const other = await customer();
    const oldest = await addDocument({
      userId: me.id,
      fileName: 'articles.pdf',
      category: 'articles_of_org',
      uploadedBy: 'user',
      contentType: 'application/pdf',
      fileSize: '2048',
      at: '2025-01-01T10:00:00.000Z',
      stamp: 1,
    });
    const newest = await addDocument({
      userId: me.id,
      fileName: 'EIN letter.pdf',
      category: 'ein',
      uploadedBy: 'admin',
      contentType: 'application/pdf',
      fileSize: '99',
      at: '2025-03-01T10:00:00.000Z',
      stamp: 3,
    });
    const middle = await addDocument({
      userId: me.id,
      fileName: 'legacy.pdf',
      category: 'other',
      uploadedBy: 'user',
      contentType: null,
      fileSize: null,
      at: '2025-02-01T10:00:00.000Z',
      stamp: 2,
    });
    await addDocument({
      userId: other.id,
      fileName: 'not yours.pdf',
      category: 'ss4',
      uploadedBy: 'user',
      contentType: 'application/pdf',
      fileSize: '10',
      at: '2025-04-01T10:00:00.000Z',
      stamp: 4,
    });

    const res = await me.c.get('/api/documents');
    expect(res.status).toBe(200);
    expect(res.body.documents.map((d: { id: string }) => d.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(res.body.documents[0]).toEqual({
      id: newest.id,
      fileName: 'EIN letter.pdf',
      category: 'ein',
      uploadedBy: 'admin',
      contentType: 'application/pdf',
      fileSize: 99,
      url: `/api/files/ein/${me.id}_3.pdf`,
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    expect(res.body.documents[1]).toMatchObject({ uploadedBy: 'user', contentType: null, fileSize: null });
    expect(res.body.documents[2]).toMatchObject({ url: `/api/files/articles_of_org/${me.id}_1.pdf`, fileSize: 2048 });

    const theirs = await other.c.get('/api/documents');
    expect(theirs.body.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['not yours.pdf']);
  });

  it('answers an empty list to a user with no documents', async () => {
    const { c } = await customer();
    const res = await c.get('/api/documents');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ documents: [] });
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.client().get('/api/documents');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});
