import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { pdf } from '../../../../tests/support/files';
import type { TestApp } from '../../../../tests/support/test-app';
import {
  erasureListSchema,
  erasureRequestSchema,
  myErasureSchema,
} from '../../../shared/features/privacy/privacy.contracts';
import { LEGAL_TEXT_VERSIONS } from '../../../shared/features/privacy/privacy.domain';
import { privacyConsents, privacyErasureRequests } from '../../db/schema';
import { makeStorageKey } from '../../platform/storage/keys';
import { listFileStore } from './privacy.fixtures';
import { productMailsAllowed } from './privacy-consents.service';
import { exportThenEraseJourney, type PrivacyContext, privacyContext } from './privacy-erasure.fixtures';
import { removeErasedFiles } from './privacy-erasure.service';

const test = apiTest;
let t: TestApp;
let ctx: PrivacyContext;

test.beforeAll(async ({ app }) => {
  t = app;
  ctx = await privacyContext(t);
});

const customer = (extra?: Record<string, unknown>) => ctx.customer(extra);
const mailTo = (email: string, template: string) => ctx.mailTo(email, template);

describe('notice and consent', () => {
  it('records the texts accepted at sign-up and an optional consent only when ticked, and lets it be withdrawn', async () => {
    const plain = await customer();
    const ticked = await customer({ productMails: true });
    const a = await plain.c.get('/api/privacy/consents');
    expect(a.status).toBe(200);
    expect(a.body.accepted).toEqual(LEGAL_TEXT_VERSIONS);
    expect(a.body.needsAcceptance).toBe(false);
    expect(a.body.optional.productMails).toBe(false);
    const b = await ticked.c.get('/api/privacy/consents');
    expect(b.body.optional.productMails).toBe(true);
    const rows = await t.deps.database.db.select().from(privacyConsents).where(eq(privacyConsents.userId, ticked.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['privacyNotice', 'productMails', 'terms']);
    expect(rows.every((r) => r.network === '198.51.100.0/24')).toBe(true);
    // The one check a product mail makes (decision 0059).
    expect(await productMailsAllowed(t.deps.database.db, plain.id)).toBe(false);
    expect(await productMailsAllowed(t.deps.database.db, ticked.id)).toBe(true);

    const off = await ticked.c.request('PUT', '/api/privacy/consents/productMails', { given: false });
    expect(off.status).toBe(200);
    expect(off.body.optional.productMails).toBe(false);
    expect(off.body.history[0]).toMatchObject({ kind: 'productMails', given: false });
    expect(await productMailsAllowed(t.deps.database.db, ticked.id)).toBe(false);
    // The same state again records nothing.
    await ticked.c.request('PUT', '/api/privacy/consents/productMails', { given: false });
    expect((await ticked.c.get('/api/privacy/consents')).body.history).toHaveLength(4);
  });

  it('refuses a customer’s writes until a new version of the texts is accepted', async () => {
    const who = await customer();
    // As if the terms had a newer version than the one accepted at sign-up.
    await t.deps.database.db
      .update(privacyConsents)
      .set({ version: '2000-01-01' })
      .where(and(eq(privacyConsents.userId, who.id), eq(privacyConsents.kind, 'terms')));
    const state = await who.c.get('/api/privacy/consents');
    expect(state.body.needsAcceptance).toBe(true);
    const refused = await who.c.post('/api/formations', { formationType: 'self' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('CONSENT_REQUIRED');
    // Reads stay open.
    expect((await who.c.get('/api/documents')).status).toBe(200);
    const stale = await who.c.post('/api/privacy/consents/accept', {
      terms: '2000-01-01',
      privacyNotice: '2000-01-01',
    });
    expect(stale.status).toBe(409);
    const ok = await who.c.post('/api/privacy/consents/accept', LEGAL_TEXT_VERSIONS);
    expect(ok.status).toBe(200);
    expect(ok.body.needsAcceptance).toBe(false);
    expect((await who.c.post('/api/formations', { formationType: 'self' })).status).toBe(201);
  });
});

describe('a copy of one’s data, and erasure', () => {
  it('exports a ZIP, then erases on approval so that no personal byte is left in any table or file (disk)', async () => {
    await exportThenEraseJourney(ctx, () => listFileStore(t.deps.env.DATA_DIR));
  });

  it('answers a double tap on "delete my account" with one open request, not a server error', async () => {
    const who = await customer();
    // Three at once: under the route's limit of requests, which a sixth would reach.
    const answers = await Promise.all(Array.from({ length: 3 }, () => who.c.post('/api/privacy/erasure')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await t.deps.database.db
      .select({ id: privacyErasureRequests.id })
      .from(privacyErasureRequests)
      .where(eq(privacyErasureRequests.userId, who.id));
    expect(rows).toHaveLength(1);
  });

  it('lets staff decline with an answer that is mailed, and keeps everything', async () => {
    const who = await customer();
    await who.c.post('/api/privacy/erasure');
    const [linkMail] = await mailTo(who.email, 'privacy.erasureConfirm');
    const token = /confirm-deletion\?token=([^\s"&]+)/.exec(linkMail?.text ?? '')?.[1] ?? '';
    const confirmed = await who.c.post('/api/privacy/erasure/confirm', { token });
    expect(confirmed.status).toBe(200);
    // The answer date is a calendar day, the other dates moments (decision 0076); the contract checks both.
    myErasureSchema.parse(confirmed.body);
    expect(confirmed.body.request.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const asMoment = { request: { ...confirmed.body.request, dueOn: `${confirmed.body.request.dueOn}T00:00:00.000Z` } };
    expect(myErasureSchema.safeParse(asMoment).success).toBe(false);
    erasureListSchema.parse((await ctx.owner.c.get('/api/admin/privacy/erasures')).body);
    const id = confirmed.body.request.id;
    expect((await ctx.owner.c.post(`/api/admin/privacy/erasures/${id}/decline`, { answer: '' })).status).toBe(400);
    const declined = await ctx.owner.c.post(`/api/admin/privacy/erasures/${id}/decline`, {
      answer: 'Açık bir siparişiniz var.',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    erasureRequestSchema.parse(declined.body);
    const mine = await who.c.get('/api/privacy/erasure');
    expect(mine.body.request).toMatchObject({ status: 'declined', answer: 'Açık bir siparişiniz var.' });
    const [mail] = await mailTo(who.email, 'privacy.erasureDeclined');
    expect(mail?.text).toContain('Açık bir siparişiniz var.');
    expect((await who.c.get('/api/me')).body.user.email).toBe(who.email);
  });

  it('keeps a file that could not be removed on the list and removes it on the next round', async () => {
    const who = await customer();
    const key = makeStorageKey('business_license', who.id, 'pdf', Date.now());
    await t.deps.storage.put(key, pdf(`retry-${who.tag}`), 'application/pdf');
    const [request] = await t.deps.database.db
      .insert(privacyErasureRequests)
      .values({ userId: who.id, status: 'erased', filesPending: [key] })
      .returning();
    // The store is down for one round (an S3 outage): the key stays listed.
    const down = {
      ...t.deps,
      storage: {
        ...t.deps.storage,
        delete: async () => {
          throw new Error('store unavailable');
        },
      },
    };
    expect(await removeErasedFiles(down)).toBeGreaterThan(0);
    const [still] = await t.deps.database.db
      .select()
      .from(privacyErasureRequests)
      .where(eq(privacyErasureRequests.id, request?.id ?? ''));
    expect(still?.filesPending).toEqual([key]);
    expect(await t.deps.storage.exists(key)).toBe(true);
    // The next round (the hourly timer of any server copy) finishes it.
    await removeErasedFiles(t.deps);
    const [done] = await t.deps.database.db
      .select()
      .from(privacyErasureRequests)
      .where(eq(privacyErasureRequests.id, request?.id ?? ''));
    expect(done?.filesPending).toEqual([]);
    expect(done?.filesDoneAt).not.toBeNull();
    expect(await t.deps.storage.exists(key)).toBe(false);
  });
});
