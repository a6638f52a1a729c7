import { and, asc, eq } from 'drizzle-orm';
import { blob, type FormFile, HTML, PNG, pdf } from '../../../../tests/support/files';
import type { TestApp } from '../../../../tests/support/test-app';
import { auditEvents, mailOutbox, supportAttachments, supportMessages, supportThreads } from '../../db/schema';
import { helpers as einHelpers } from '../ein/ein.fixtures';

export { HTML, PNG, pdf };

export const ATTACHMENT: FormFile = { data: pdf('support'), type: 'application/pdf', name: 'Fatura örneği.pdf' };
export const IMAGE: FormFile = { data: PNG, type: 'image/png', name: 'ekran.png' };
/** A real PDF signature, one byte over the limit. */
export const TOO_LARGE: FormFile = {
  data: Buffer.concat([pdf('big'), Buffer.alloc(5_242_881 - pdf('big').length, 0x20)]),
  type: 'application/pdf',
  name: 'big.pdf',
};
/** HTML dressed as a PDF: refused by its bytes. */
export const DISGUISED: FormFile = { data: HTML, type: 'application/pdf', name: 'invoice.pdf' };

/** A multipart body; undefined fields are left out. */
export function supportForm(fields: Record<string, string | undefined>, file?: FormFile | null): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  if (file) form.append('file', blob(file.data, file.type), file.name);
  return form;
}

export function supportHelpers(t: () => TestApp) {
  const base = einHelpers(t);
  const db = base.db;

  async function threadRow(id: string) {
    const [row] = await db().select().from(supportThreads).where(eq(supportThreads.id, id));
    return row ?? null;
  }

  async function messagesOf(threadId: string) {
    return db()
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.threadId, threadId))
      .orderBy(asc(supportMessages.createdAt));
  }

  async function attachmentsOf(threadId: string) {
    return db()
      .select({ a: supportAttachments })
      .from(supportAttachments)
      .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
      .where(eq(supportMessages.threadId, threadId))
      .then((rows) => rows.map((r) => r.a));
  }

  async function threadAudit(threadId: string, action?: string) {
    return db()
      .select()
      .from(auditEvents)
      .where(
        action
          ? and(eq(auditEvents.entityId, threadId), eq(auditEvents.action, action))
          : eq(auditEvents.entityId, threadId),
      )
      .orderBy(asc(auditEvents.createdAt));
  }

  async function mailsTo(to: string, template?: string) {
    return db()
      .select()
      .from(mailOutbox)
      .where(template ? and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)) : eq(mailOutbox.to, to))
      .orderBy(asc(mailOutbox.createdAt));
  }

  /** Support files on disk under DATA_DIR/files/support. */
  function supportFiles(): string[] {
    return base.storedFiles().filter((k) => k.startsWith('support/'));
  }

  return { ...base, threadRow, messagesOf, attachmentsOf, threadAudit, mailsTo, supportFiles };
}
