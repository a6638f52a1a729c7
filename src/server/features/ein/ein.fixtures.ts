import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { blob, type FormFile, fileForm, PNG, pdf, storedFiles as storedFilesIn } from '../../../../tests/support/files';
import { signUp, type TestApp } from '../../../../tests/support/test-app';
import { auditEvents, documents, einApplications } from '../../db/schema';

// The generic file helpers live in tests/support/files.ts (decision 0093); re-exported for the files that
// still import them from here (the mailroom's, merged separately).
export { blob, type FormFile, fileForm, HTML, PDF, PNG, pdf } from '../../../../tests/support/files';

/** The multipart fields of a valid application (strings, as a browser sends them). */
export const VALID_FIELDS: Record<string, string> = {
  businessName: 'Anadolu Yazılım LLC',
  email: 'ayse@example.com',
  state: 'Wyoming',
  businessActivity: 'Software Development',
  otherActivity: '',
  responsiblePartyName: 'Ayşe Yılmaz',
  responsiblePartyPhone: '+90 532 123 45 67',
  responsiblePartySsn: '123-45-6789',
  noSsn: 'false',
  terms: 'true',
};

export const ARTICLES: FormFile = {
  data: pdf('articles'),
  type: 'application/pdf',
  name: 'Articles of Organization.pdf',
};
export const INVOICE: FormFile = { data: PNG, type: 'image/png', name: 'agent-invoice.png' };

/**
 * The EIN wizard's submit body. `fields` entries set to undefined are left out; `files` entries set
 * to null are left out.
 */
export function applicationForm(
  fields: Record<string, string | undefined> = {},
  files: { articlesOfOrganization?: FormFile | null; registeredAgentInvoice?: FormFile | null } = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...VALID_FIELDS, ...fields })) {
    if (v !== undefined) form.append(k, v);
  }
  const all = { articlesOfOrganization: ARTICLES, registeredAgentInvoice: INVOICE, ...files };
  for (const [k, f] of Object.entries(all)) {
    if (f) form.append(k, blob(f.data, f.type), f.name);
  }
  return form;
}

export const SIGNED: FormFile = { data: pdf('signed'), type: 'application/pdf', name: 'SS-4 imzalı.pdf' };
export const PREPARED: FormFile = { data: pdf('prepared'), type: 'application/pdf', name: 'SS-4 prepared.pdf' };
export const EIN_LETTER: FormFile = { data: pdf('ein'), type: 'application/pdf', name: 'CP575.pdf' };

/** An EIN the IRS could have issued (prefix 12, Andover). */
export const TEST_EIN = '12-3456789';

/** The EIN document upload as the desk sends it: the letter with the number typed beside it. */
export function einDocumentForm(ein: string | null = TEST_EIN, file: FormFile | null = EIN_LETTER): FormData {
  const form = fileForm(file);
  if (ein !== null) form.append('ein', ein);
  return form;
}

export function helpers(t: () => TestApp) {
  const db = () => t().deps.database.db;

  /** A customer whose formation reached formation_completed (the guide's "yes"). */
  async function completedCustomer(opts: { lang?: 'tr' | 'en'; fullName?: string } = {}) {
    const c = t().client();
    const { res, email } = await signUp(c, opts.fullName ? { fullName: opts.fullName } : {});
    expect(res.status).toBe(201);
    if (opts.lang) expect((await c.patch('/api/me', { lang: opts.lang })).status).toBe(200);
    expect((await c.post('/api/formations', { formationType: 'self' })).status).toBe(201);
    const done = await c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' });
    expect(done.status).toBe(200);
    return { c, id: res.body.user.id as string, email };
  }

  /** A completed customer with a submitted application. */
  async function applicant(fields: Record<string, string | undefined> = {}, opts: { lang?: 'tr' | 'en' } = {}) {
    const who = await completedCustomer(opts);
    const res = await who.c.post('/api/ein-applications', applicationForm(fields));
    expect(res.status).toBe(201);
    return { ...who, application: res.body.application };
  }

  async function applicationOf(userId: string) {
    const [row] = await db().select().from(einApplications).where(eq(einApplications.userId, userId));
    return row ?? null;
  }

  async function documentsOf(userId: string) {
    return db().select().from(documents).where(eq(documents.userId, userId));
  }

  async function auditOf(userId: string, action: string) {
    return db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.action, action)))
      .orderBy(auditEvents.createdAt);
  }

  /** Every file on disk under DATA_DIR/files as `folder/name` (temporary upload files included). */
  const storedFiles = () => storedFilesIn(t().deps.env.DATA_DIR);

  function storedFilesOf(userId: string): string[] {
    return storedFiles().filter((k) => k.includes(`/${userId}_`));
  }

  return { db, completedCustomer, applicant, applicationOf, documentsOf, auditOf, storedFiles, storedFilesOf };
}
