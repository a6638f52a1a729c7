/**
 * The privacy journey of decisions 0046 and 0047 as one function, so that the proof of erasure runs
 * against each file store (the disk in privacy.test.ts, S3 in privacy-erasure-s3.test.ts): a customer's
 * records and files, the ZIP of their data, the confirmed request, staff approval, then every table and
 * every stored file searched for their email, name, phone, SSN, texts and uploaded bytes.
 */

import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { blob, fileForm, pdf } from '../../../../tests/support/files';
import {
  createStaffMember,
  GOOD_PASSWORD,
  nextSecondFactorCode,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
  uniqueEmail,
} from '../../../../tests/support/test-app';
import { addDays } from '../../../shared/format/calendar-days';
import { todayUtc } from '../../../shared/format/dates';
import {
  auditEvents,
  einFollowUps,
  filings,
  forwardingAddresses,
  mailOutbox,
  mailStandingRules,
  orders,
  users,
} from '../../db/schema';
import { HOME_IN_TURKEY } from '../bank-readiness/bank-readiness.fixtures';
import { applicationForm, PREPARED } from '../ein/ein.fixtures';
import { filingOf, GOOD_ANSWERS } from '../filings/filings.fixtures';
import { answersWithoutTaxId, encryptedTaxIdColumns } from '../filings/filings-tax-id.service';
import { letterWithEnvelope } from '../mail/mail.fixtures';
import { subscriptionOf } from '../renewals/renewals.fixtures';
import { expectErasureClaims, expectExportClaims } from './personal-data.fixtures';
import { download, dumpAllTables, unzip } from './privacy.fixtures';
import { removeErasedFiles } from './privacy-erasure.service';

export interface PrivacyContext {
  t: TestApp;
  /** The owner, signed in with the second factor enrolled. */
  owner: { c: TestClient; email: string };
  /** A new client address per call: rate limits count per address. */
  nextIp(): string;
  /** A customer with a name, email and phone of their own, so that a leftover is recognisable anywhere. */
  customer(
    extra?: Record<string, unknown>,
  ): Promise<{ c: TestClient; id: string; email: string; name: string; tag: string }>;
  /** The owner's step-up (decision 0042) before a sensitive action. */
  stepUp(): Promise<void>;
  mailTo(email: string, template: string): Promise<Array<typeof mailOutbox.$inferSelect>>;
}

/** The owner of `t`'s portal and the helpers the privacy tests share. */
export async function privacyContext(t: TestApp): Promise<PrivacyContext> {
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;
  const c = t.client({ ip: nextIp() });
  const { res, email } = await signUpAdmin(c);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const owner = { c, email };
  return {
    t,
    owner,
    nextIp,
    async customer(extra = {}) {
      const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
      const client = t.client({ ip: nextIp() });
      const name = `Zeynep Kişisel ${tag}`;
      const signed = await signUp(client, { fullName: name, email: uniqueEmail(`privacy${tag}`), ...extra });
      expect(signed.res.status, JSON.stringify(signed.res.body)).toBe(201);
      return { c: client, id: signed.res.body.user.id as string, email: signed.email, name, tag };
    },
    async stepUp() {
      const up = await owner.c.post('/api/me/two-factor/verify', { code: nextSecondFactorCode(owner.email) });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
    },
    mailTo(to, template) {
      return t.deps.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
    },
  };
}

/**
 * Exports a customer's data, then erases them on staff approval and proves it: no table and no object
 * of `listStore` (every stored key → its bytes, as the store holds them) keeps a personal byte.
 */
export async function exportThenEraseJourney(
  ctx: PrivacyContext,
  listStore: () => Promise<Map<string, Buffer>>,
): Promise<void> {
  const { t } = ctx;
  const who = await ctx.customer();
  const phone = `+90 555 ${who.tag.slice(-3).replace(/\D/g, '1').padEnd(3, '1')} 00 00`.slice(0, 17);
  const uniqueBytes = pdf(`unique-document-${who.tag}`);
  const attachmentBytes = pdf(`unique-attachment-${who.tag}`);
  const articlesBytes = pdf(`unique-articles-${who.tag}`);
  const ssn = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  // Records and files: formation with a phone, EIN application with the SSN, a document, a support
  // thread with an attachment, and a prepared SS-4 from staff.
  expect((await who.c.post('/api/formations', { formationType: 'self', phoneNumber: phone })).status).toBe(201);
  expect(
    (await who.c.post('/api/formations/me/guide-completion', { isFormationComplete: true, state: 'Wyoming' })).status,
  ).toBe(200);
  const app = await who.c.post(
    '/api/ein-applications',
    applicationForm(
      { responsiblePartyName: who.name, responsiblePartyPhone: phone, email: who.email, responsiblePartySsn: ssn },
      { articlesOfOrganization: { data: articlesBytes, type: 'application/pdf', name: 'articles.pdf' } },
    ),
  );
  expect(app.status, JSON.stringify(app.body)).toBe(201);
  const doc = fileForm({ data: uniqueBytes, type: 'application/pdf', name: 'kimlik.pdf' });
  doc.append('category', 'business_license');
  expect((await who.c.post('/api/documents', doc)).status).toBe(201);
  const thread = new FormData();
  thread.append('subject', `Konu ${who.tag}`);
  thread.append('message', `Mesajım ${who.tag}`);
  thread.append('file', blob(attachmentBytes, 'application/pdf'), 'ek.pdf');
  expect((await who.c.post('/api/support/threads', thread)).status).toBe(201);
  await ctx.stepUp();
  expect(
    (await ctx.owner.c.post(`/api/admin/ein-applications/${app.body.application.id}/ss4`, fileForm(PREPARED))).status,
  ).toBe(200);
  // The kinds other features keep: a follow-up note about the customer, a yearly filing's answers with
  // their name and US tax number, and a subscription cancelled with an event.
  const db = t.deps.database.db;
  await db.insert(einFollowUps).values({
    applicationId: app.body.application.id,
    userId: who.id,
    kind: 'irs_call',
    followedUpOn: todayUtc(),
    outcome: 'still_processing',
    note: `Called about ${who.name}`,
    noteShareable: true,
  });
  const filing = await filingOf(t, who.id, 'answered');
  await db
    .update(filings)
    .set({
      answers: answersWithoutTaxId({ ...GOOD_ANSWERS, owner: { ...GOOD_ANSWERS.owner, name: who.name } }),
      ...encryptedTaxIdColumns(ssn, t.deps.encryptionKey, who.id),
    })
    .where(eq(filings.id, filing.id));
  const subscription = await subscriptionOf(t, who.id, { cancelled: true, task: true });
  // Bank readiness (decision 0084): the owner's home and a refusal with the bank's reason.
  expect((await who.c.request('PUT', '/api/bank-readiness/addresses/owner_home', HOME_IN_TURKEY)).status).toBe(200);
  const refusal = { provider: 'mercury', outcome: 'refused', reason: `Refused ${who.tag}`, decidedOn: '2026-11-20' };
  expect((await who.c.post('/api/bank-readiness/applications', refusal)).status).toBe(201);
  // A letter the mailroom logged for them, with its envelope photo (decision 0086).
  const letterId = await letterWithEnvelope(t, who.id);
  // Their forwarding address and standing rules (decision 0089): the dump below looks for their name.
  await t.deps.database.db
    .insert(forwardingAddresses)
    .values({ userId: who.id, recipient: who.name, line1: 'Bağdat Caddesi 1', city: 'İstanbul', country: 'TR' });
  await t.deps.database.db.insert(mailStandingRules).values({ userId: who.id, scanGovernment: true });

  // The copy: one JSON file per kind and every file's bytes; the SSN only as its last four.
  const zip = await download(t, who.c, '/api/privacy/export.zip');
  expect(zip.status).toBe(200);
  expect(zip.headers.get('content-type')).toBe('application/zip');
  const entries = await unzip(zip.bytes);
  // Each file the personal-data registry says the copy has (decision 0077).
  expectExportClaims(entries);
  const bankJson = JSON.parse(entries.get('bank-readiness.json')?.toString() ?? '{}');
  expect(bankJson.applications[0].reason).toBe(refusal.reason);
  expect(bankJson.addresses[0].line1).toBe(HOME_IN_TURKEY.line1);
  expect(JSON.parse(entries.get('profile.json')?.toString() ?? '{}').user.email).toBe(who.email);
  const einJson = JSON.parse(entries.get('ein-application.json')?.toString() ?? '{}');
  expect(einJson.responsiblePartySsnLast4).toBe(ssn.slice(-4));
  const everything = Buffer.concat([...entries.values()]).toString('latin1');
  expect(everything).not.toContain(ssn);
  expect(everything).not.toContain('responsiblePartySsnEncrypted');
  expect(everything).not.toContain('usTaxIdEncrypted');
  // The T.C. kimlik numarası as its last four only (decision 0077).
  expect(everything).not.toContain('foreignTaxIdEncrypted');
  expect(everything).not.toContain(String(GOOD_ANSWERS.owner?.foreignTaxId));
  expect(JSON.parse(entries.get('filings.json')?.toString() ?? '[]')[0].answers.owner.foreignTaxId).toBe(
    `***${String(GOOD_ANSWERS.owner?.foreignTaxId).slice(-4)}`,
  );
  expect(JSON.parse(entries.get('filings.json')?.toString() ?? '[]')[0].answers.owner.usTaxId).toBe(
    `***-**-${ssn.slice(-4)}`,
  );
  expect(JSON.parse(entries.get('subscriptions.json')?.toString() ?? '{}').subscriptions[0].id).toBe(subscription.id);
  expect(JSON.parse(entries.get('ein-follow-ups.json')?.toString() ?? '[]')[0].note).toBe(`Called about ${who.name}`);
  expect(JSON.parse(entries.get('letters.json')?.toString() ?? '[]')[0].id).toBe(letterId);
  const fileEntries = [...entries.entries()].filter(([n]) => n.startsWith('files/'));
  expect(fileEntries.some(([, b]) => b.equals(uniqueBytes))).toBe(true);
  expect(fileEntries.some(([, b]) => b.equals(attachmentBytes))).toBe(true);
  expect(fileEntries.some(([, b]) => b.equals(articlesBytes))).toBe(true);
  expect(fileEntries.some(([, b]) => b.equals(PREPARED.data))).toBe(true);
  // Audited, mailed, one an hour.
  expect(await ctx.mailTo(who.email, 'privacy.exportDownloaded')).toHaveLength(1);
  const audited = await t.deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, who.id), eq(auditEvents.action, 'privacy.export_downloaded')));
  expect(audited).toHaveLength(1);
  expect((await download(t, who.c, '/api/privacy/export.zip')).status).toBe(429);

  // Staff produce the same copy for a customer who asked by mail: owner only, with step-up.
  const support = await createStaffMember(t, 'support', { ip: ctx.nextIp() });
  expect((await download(t, support.c, `/api/admin/privacy/customers/${who.id}/export.zip`)).status).toBe(403);
  const staffZip = await download(t, ctx.owner.c, `/api/admin/privacy/customers/${who.id}/export.zip`);
  expect(staffZip.status).toBe(200);
  expect((await unzip(staffZip.bytes)).has('profile.json')).toBe(true);

  // The request, confirmed by the mailed link.
  const asked = await who.c.post('/api/privacy/erasure');
  expect(asked.status).toBe(200);
  expect(asked.body.request.status).toBe('unconfirmed');
  const [linkMail] = await ctx.mailTo(who.email, 'privacy.erasureConfirm');
  const token = /confirm-deletion\?token=([^\s"&]+)/.exec(linkMail?.text ?? '')?.[1] ?? '';
  expect(token).not.toBe('');
  expect((await who.c.post('/api/privacy/erasure/confirm', { token: 'nope' })).status).toBe(400);
  const confirmed = await t.client().post('/api/privacy/erasure/confirm', { token });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.request.status).toBe('pending');
  expect(confirmed.body.request.dueOn).toBe(addDays(todayUtc(), 30));
  expect((await t.client().post('/api/privacy/erasure/confirm', { token })).status).toBe(400);
  expect((await who.c.post('/api/privacy/erasure')).status).toBe(409);

  // The staff queue.
  const queue = await ctx.owner.c.get('/api/admin/privacy/erasures?status=pending');
  expect(queue.status).toBe(200);
  const item = queue.body.items.find((i: { userId: string }) => i.userId === who.id);
  expect(item).toMatchObject({ customer: { email: who.email }, dueOn: confirmed.body.request.dueOn });
  expect((await support.c.get('/api/admin/privacy/erasures')).status).toBe(403);

  // An order that must stay (accounting): it keeps its id and amount.
  const [order] = await t.deps.database.db
    .insert(orders)
    .values({ userId: who.id, kind: 'service', amountCents: 4900, provider: 'local', status: 'paid', title: 'X' })
    .returning();

  // The listing sees the uploaded document before the erasure, so an empty listing cannot pass the proof.
  const before = await listStore();
  expect([...before.values()].some((bytes) => bytes.includes(uniqueBytes))).toBe(true);

  const erasingAt = new Date();
  const approved = await ctx.owner.c.post(`/api/admin/privacy/erasures/${item.id}/approve`, {
    answer: 'Paid orders are kept without personal details.',
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  expect(approved.body.status).toBe('erased');
  expect((await ctx.owner.c.post(`/api/admin/privacy/erasures/${item.id}/approve`, {})).status).toBe(409);
  // The letter's paper, still at the address, is shredded with the rest, and the proof says which.
  const [proof] = await t.deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, who.id), eq(auditEvents.action, 'privacy.erasure_approved')));
  expect(proof?.after).toMatchObject({ paperShredded: 1, letters: [letterId] });

  // The person can no longer use the account.
  expect((await who.c.get('/api/me')).body.user ?? null).toBeNull();
  // The final mail went out; then its row (which names the address) goes with the files.
  await t.deps.mailer.drain();
  expect(await ctx.mailTo(who.email, 'privacy.erasureDone')).toHaveLength(1);
  expect(await removeErasedFiles(t.deps)).toBe(0);

  // Each erasure claim of the personal-data registry (decision 0077).
  await expectErasureClaims(t, who.id, erasingAt);
  // The proof: every table, every column as text, and every file of the store.
  const dump = await dumpAllTables(t);
  const needles = [who.email, who.name, phone, phone.replace(/\s/g, ''), ssn, `Mesajım ${who.tag}`, `Konu ${who.tag}`];
  for (const [table, text] of dump) {
    for (const needle of needles) expect(text.includes(needle), `${table} still holds ${needle}`).toBe(false);
    expect(text.includes(`unique-document-${who.tag}`), `${table} holds file bytes`).toBe(false);
  }
  expect(dump.get('orders')).toContain(order?.id);
  const [kept] = await t.deps.database.db.select().from(users).where(eq(users.id, who.id));
  expect(kept?.name).toBe('');
  const store = await listStore();
  for (const [key, bytes] of store) {
    expect(key.includes(who.id), `file ${key} of the erased customer`).toBe(false);
    for (const marker of [uniqueBytes, attachmentBytes, articlesBytes])
      expect(bytes.includes(marker), `file ${key} holds an uploaded file's bytes`).toBe(false);
  }
  // Last, as it counts a failed sign-in under the address typed: the password is gone.
  const signIn = await t
    .client({ ip: ctx.nextIp() })
    .post('/api/auth/sign-in', { email: who.email, password: GOOD_PASSWORD });
  expect(signIn.status).toBe(401);
}
