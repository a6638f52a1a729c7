import type { Readable } from 'node:stream';
import { type Archiver, ZipArchive } from 'archiver';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankAccountFeedback,
  bankAddresses,
  bankApplications,
  businessAddressFeedback,
  companyFormations,
  complianceMarks,
  complianceSchedule,
  documents,
  einApplications,
  einFollowUps,
  filings,
  formationFeedback,
  formationServiceRequests,
  orders,
  privacyConsents,
  privacyErasureRequests,
  sessions,
  stageHistory,
  subscriptionEvents,
  subscriptions,
  supportAttachments,
  supportMessages,
  supportThreads,
  userProfiles,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { FileStorage } from '../../platform/storage/storage';
import { appendEntry, entryName } from '../../platform/zip/zip-entries';
import { envelopeKeysOf, lettersOf, mailSettingsOf } from '../mail';
import { wholeCustomerTimeline } from '../timeline';

/*
 * "Download my data" (decision 0046): one ZIP with a JSON file per kind of record and every file the
 * customer uploaded or received, streamed through archiver: the JSON is a page of one customer's rows
 * (small), and each stored file is piped in as a stream, one after the other, so the archive is never
 * whole in memory.
 */

/** Every storage key that holds a file of the user: their documents, the EIN application's files, support attachments. */
export async function storedFilesOf(db: Db, userId: string): Promise<{ key: string; name: string; folder: string }[]> {
  const files: { key: string; name: string; folder: string }[] = [];
  const docs = await db
    .select({ key: documents.filePath, name: documents.fileName })
    .from(documents)
    .where(eq(documents.userId, userId));
  for (const d of docs) files.push({ ...d, folder: 'documents' });
  const [app] = await db.select().from(einApplications).where(eq(einApplications.userId, userId));
  if (app) {
    const keys = [
      app.articlesOfOrganizationKey,
      app.registeredAgentInvoiceKey,
      app.uploadedSs4Key,
      app.uploadedSignedSs4Key,
      app.uploadedEinDocumentKey,
      app.generatedSs4Key,
    ];
    for (const key of keys) if (key) files.push({ key, name: key.split('/').pop() ?? key, folder: 'ein-application' });
  }
  const attachments = await db
    .select({ key: supportAttachments.filePath, name: supportAttachments.fileName })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
    .where(eq(supportThreads.userId, userId));
  for (const a of attachments) files.push({ ...a, folder: 'support' });
  // The mailroom's envelope photos (a letter's scan is a vault document, listed above).
  for (const key of await envelopeKeysOf(db, userId))
    files.push({ key, name: key.split('/').pop() ?? key, folder: 'mail' });
  // One key once (a document may also be the application's file).
  const byKey = new Map<string, { key: string; name: string; folder: string }>();
  for (const f of files) if (!byKey.has(f.key)) byKey.set(f.key, f);
  return [...byKey.values()];
}

/** The JSON files: one per kind of record. The SSN is given as its last four digits only. */
async function recordsOf(db: Db, userId: string): Promise<[name: string, data: unknown][]> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      lang: users.lang,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  const devices = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      network: sessions.network,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const consents = await db
    .select({
      kind: privacyConsents.kind,
      version: privacyConsents.version,
      given: privacyConsents.given,
      network: privacyConsents.network,
      at: privacyConsents.createdAt,
    })
    .from(privacyConsents)
    .where(eq(privacyConsents.userId, userId))
    .orderBy(privacyConsents.createdAt);
  const formation = await db.select().from(companyFormations).where(eq(companyFormations.userId, userId));
  const turnkey = await db.select().from(formationServiceRequests).where(eq(formationServiceRequests.userId, userId));
  const [app] = await db.select().from(einApplications).where(eq(einApplications.userId, userId));
  const ein = app
    ? (() => {
        const { responsiblePartySsnEncrypted: _ciphertext, adminNotes: _staffNotes, ...rest } = app;
        return rest;
      })()
    : null;
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt);
  const threads = await db
    .select()
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId))
    .orderBy(supportThreads.createdAt);
  const threadIds = threads.map((t) => t.id);
  const messages = threadIds.length
    ? await db
        .select({
          id: supportMessages.id,
          threadId: supportMessages.threadId,
          fromStaff: supportMessages.isAdminReply,
          message: supportMessages.message,
          createdAt: supportMessages.createdAt,
        })
        .from(supportMessages)
        .where(inArray(supportMessages.threadId, threadIds))
        .orderBy(supportMessages.createdAt)
    : [];
  const messageIds = messages.map((m) => m.id);
  const attachments = messageIds.length
    ? await db
        .select({
          messageId: supportAttachments.messageId,
          fileName: supportAttachments.fileName,
          fileSize: supportAttachments.fileSize,
          contentType: supportAttachments.contentType,
          createdAt: supportAttachments.createdAt,
        })
        .from(supportAttachments)
        .where(inArray(supportAttachments.messageId, messageIds))
    : [];
  const docs = await db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      category: documents.category,
      uploadedBy: documents.uploadedBy,
      contentType: documents.contentType,
      fileSize: documents.fileSize,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(documents.createdAt);
  const schedule = await db
    .select({ ruleId: complianceSchedule.ruleId, dueDate: complianceSchedule.dueDate })
    .from(complianceSchedule)
    .where(eq(complianceSchedule.userId, userId));
  const marks = await db
    .select({ item: complianceMarks.itemKey, doneAt: complianceMarks.doneAt, doneByRole: complianceMarks.doneByRole })
    .from(complianceMarks)
    .where(eq(complianceMarks.userId, userId));
  const stages = await db.select().from(stageHistory).where(eq(stageHistory.userId, userId));
  // What the customer's History shows, item for item: never a raw audit row, whose sides hold staff's
  // notes and whose network is a staff member's (decision 0069).
  const events = await wholeCustomerTimeline(db, userId);
  const feedback = {
    formation: await db.select().from(formationFeedback).where(eq(formationFeedback.userId, userId)),
    bankAccount: await db.select().from(bankAccountFeedback).where(eq(bankAccountFeedback.userId, userId)),
    businessAddress: await db.select().from(businessAddressFeedback).where(eq(businessAddressFeedback.userId, userId)),
  };
  const erasure = await db
    .select({
      status: privacyErasureRequests.status,
      requestedAt: privacyErasureRequests.requestedAt,
      dueOn: privacyErasureRequests.dueOn,
      answer: privacyErasureRequests.answer,
    })
    .from(privacyErasureRequests)
    .where(eq(privacyErasureRequests.userId, userId));
  // Staff's internal follow-up notes are their working notes; the customer gets what they were told.
  const followUps = (
    await db.select().from(einFollowUps).where(eq(einFollowUps.userId, userId)).orderBy(einFollowUps.createdAt)
  ).map(({ note, noteShareable, ...rest }) => ({ ...rest, note: noteShareable ? note : null }));
  const filingRows = (await db.select().from(filings).where(eq(filings.userId, userId)).orderBy(filings.createdAt)).map(
    ({ usTaxIdEncrypted: _ciphertext, foreignTaxIdEncrypted: _foreign, ...f }) => ({
      ...f,
      answers: withTaxIdLastFour(f.answers, f.usTaxIdLast4, f.foreignTaxIdLast4),
    }),
  );
  const subscriptionRows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const subscriptionHistory = await db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId))
    .orderBy(subscriptionEvents.createdAt);
  const bank = {
    addresses: await db.select().from(bankAddresses).where(eq(bankAddresses.userId, userId)),
    applications: await db
      .select()
      .from(bankApplications)
      .where(eq(bankApplications.userId, userId))
      .orderBy(bankApplications.createdAt),
  };
  return [
    ['profile.json', { user, profile: profile ?? null, devices }],
    ['consents.json', { consents, erasureRequests: erasure }],
    ['formation.json', formation[0] ?? null],
    ['turnkey-request.json', turnkey[0] ?? null],
    ['ein-application.json', ein],
    ['orders.json', orderRows],
    [
      'support-threads.json',
      threads.map((t) => ({
        ...t,
        messages: messages
          .filter((m) => m.threadId === t.id)
          .map((m) => ({ ...m, attachments: attachments.filter((a) => a.messageId === m.id) })),
      })),
    ],
    ['documents.json', docs],
    ['compliance-items.json', { dueDates: schedule, markedDone: marks }],
    ['history.json', { stages, events }],
    ['feedback.json', feedback],
    ['ein-follow-ups.json', followUps],
    ['filings.json', filingRows],
    ['subscriptions.json', { subscriptions: subscriptionRows, history: subscriptionHistory }],
    ['bank-readiness.json', bank],
    ['letters.json', await lettersOf(db, userId)],
    ['mail-settings.json', await mailSettingsOf(db, userId)],
  ];
}

/**
 * A filing's answers with the owner's US SSN or ITIN and foreign tax number as their last four digits,
 * as the EIN application's (decisions 0058, 0077).
 */
function withTaxIdLastFour(answers: unknown, last4: string | null, foreignLast4: string | null): unknown {
  if (!answers || typeof answers !== 'object') return answers;
  const owner = (answers as { owner?: Record<string, unknown> }).owner ?? {};
  return {
    ...answers,
    owner: {
      ...owner,
      ...(last4 ? { usTaxId: `***-**-${last4}` } : {}),
      ...(foreignLast4 ? { foreignTaxId: `***${foreignLast4}` } : {}),
    },
  };
}

/**
 * The customer's ZIP as a stream. Files are added one at a time: the next is opened only after the
 * previous one was written, so one file's stream is open at a time.
 */
export function exportStream(deps: Pick<AppDeps, 'database' | 'storage' | 'logger'>, userId: string): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    const { db } = deps.database;
    for (const [name, data] of await recordsOf(db, userId)) {
      await appendEntry(archive, `${JSON.stringify(data, null, 2)}\n`, name);
    }
    const used = new Set<string>();
    for (const file of await storedFilesOf(db, userId)) {
      await appendFile(archive, deps.storage, file, used);
    }
    await archive.finalize();
  })().catch((err) => {
    if (archive.destroyed) return; // the client closed the download
    deps.logger.error({ err, userId }, 'data export failed');
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return archive;
}

async function appendFile(
  archive: Archiver,
  storage: FileStorage,
  file: { key: string; name: string; folder: string },
  used: Set<string>,
): Promise<void> {
  const stored = await storage.get(file.key);
  if (!stored) return;
  let name = `files/${file.folder}/${entryName(file.name)}`;
  for (let n = 2; used.has(name); n++) name = `files/${file.folder}/${n}-${entryName(file.name)}`;
  used.add(name);
  await appendEntry(archive, stored.body, name);
}

/** The ZIP's file name: the day and a short part of the user id, nothing personal. */
export function exportFileName(userId: string, day: string): string {
  return `my-data-${day}-${userId.slice(0, 8)}.zip`;
}
