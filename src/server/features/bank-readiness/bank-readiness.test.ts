import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCustomer, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { form8822bDueDate } from '../../../shared/catalogue/compliance';
import { daysBetween } from '../../../shared/format/calendar-days';
import { bankAddresses } from '../../db/schema';
import { bankReadyCompany, HOME_IN_TURKEY } from './bank-readiness.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const check = (body: any, provider: string) => body.checks.find((c: any) => c.provider === provider);

async function founder(opts: Parameters<typeof bankReadyCompany>[2] = {}): Promise<{ c: TestClient; id: string }> {
  const who = await signedInCustomer(t);
  await bankReadyCompany(t, who.id, opts);
  return who;
}

describe('GET /api/bank-readiness', () => {
  it('fills what the portal knows: our agent and our virtual address; Mercury refuses the virtual one as physical', async () => {
    const { c } = await founder();
    const res = await c.get('/api/bank-readiness');
    expect(res.status).toBe(200);
    expect(res.body.addresses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'registered_agent', kind: 'registered_agent', origin: 'portal' }),
        expect.objectContaining({ role: 'physical', kind: 'virtual', origin: 'portal' }),
      ]),
    );
    const mercury = check(res.body, 'mercury');
    expect(mercury.status).toBe('refused');
    expect(mercury.reasons[0]).toMatchObject({ code: 'address_kind_refused', role: 'physical', kind: 'virtual' });
    expect(mercury.reasons[0].sources[0].url).toContain('support.mercury.com');
    expect(res.body.vault).toEqual({ articles: true, einLetter: true });
  });

  it('passes Mercury once the home in Turkey is the physical address', async () => {
    const { c } = await founder();
    expect((await c.request('PUT', '/api/bank-readiness/addresses/owner_home', HOME_IN_TURKEY)).status).toBe(200);
    const res = await c.request('PUT', '/api/bank-readiness/addresses/physical', HOME_IN_TURKEY);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ address: { role: 'physical', kind: 'home', country: 'TR' }, form8822b: false });
    const mercury = check((await c.get('/api/bank-readiness')).body, 'mercury');
    expect(mercury.status).toBe('ready');
  });

  it('names the EIN letter missing from the vault, and a name that differs from the Articles', async () => {
    const { c } = await founder({ vault: false, einName: 'Deniz Yazilim, LLC' });
    const body = (await c.get('/api/bank-readiness')).body;
    const stripe = check(body, 'stripe');
    expect(stripe.reasons.map((r: any) => r.code)).toEqual(
      expect.arrayContaining(['names_differ', 'document_missing']),
    );
    expect(stripe.reasons.find((r: any) => r.code === 'names_differ')).toMatchObject({
      articles: 'Deniz Yazılım LLC',
      einLetter: 'Deniz Yazilim, LLC',
    });
    expect(body.vault).toEqual({ articles: false, einLetter: false });
  });
});

describe('PUT /api/bank-readiness/addresses/{role}: checked on the server', () => {
  const us = { kind: 'office', country: 'US', line1: '1 Main St', city: 'Sheridan', region: 'WY', postalCode: '82801' };

  it.each([
    ['physical', { ...us, region: 'XX' }, { region: 'bankReadiness.validation.usStateRequired' }],
    ['physical', { ...us, postalCode: '8280' }, { postalCode: 'bankReadiness.validation.zipInvalid' }],
    ['physical', { ...us, line1: 'PO Box 12' }, { line1: 'bankReadiness.validation.poBoxNotAllowed' }],
    ['physical', { ...us, kind: 'po_box' }, { kind: 'bankReadiness.validation.poBoxNotAllowed' }],
    ['owner_home', { ...HOME_IN_TURKEY, country: 'QQ' }, { country: 'bankReadiness.validation.countryRequired' }],
    [
      'registered_agent',
      { ...HOME_IN_TURKEY, kind: 'registered_agent' },
      { country: 'bankReadiness.validation.addressMustBeUs' },
    ],
  ])('refuses a bad %s address and changes nothing', async (role, body, fields) => {
    const { c, id } = await founder();
    const res = await c.request('PUT', `/api/bank-readiness/addresses/${role}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields).toMatchObject(fields);
    const rows = await t.deps.database.db.select().from(bankAddresses).where(eq(bankAddresses.userId, id));
    expect(rows).toHaveLength(0);
  });

  it('takes a PO box as the mailing address, and says a changed mailing address wants Form 8822-B', async () => {
    const { c } = await founder();
    const res = await c.request('PUT', '/api/bank-readiness/addresses/mailing', {
      ...us,
      kind: 'po_box',
      line1: 'PO Box 9',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // It replaced the portal's address in that role.
    expect(res.body.form8822b).toBe(true);
    const again = await c.request('PUT', '/api/bank-readiness/addresses/mailing', {
      ...us,
      kind: 'po_box',
      line1: 'PO Box 9',
    });
    expect(again.body.form8822b).toBe(false);
  });

  it('puts Form 8822-B on the compliance calendar 60 days after a mailing address change, with its source', async () => {
    const { c } = await founder();
    const before = await c.get('/api/compliance/me');
    expect(before.body.items.some((i: any) => i.ruleId === 'form_8822b')).toBe(false);
    // The same address saved twice: only the first replaced another (the portal's) and counts.
    for (let i = 0; i < 2; i++) {
      const res = await c.request('PUT', '/api/bank-readiness/addresses/mailing', { ...us, line1: '1 Main St' });
      expect(res.status).toBe(200);
    }
    const today = (await c.get('/api/compliance/me')).body.today as string;
    const due = form8822bDueDate(today);
    const view = await c.get('/api/compliance/me');
    const items = view.body.items.filter((i: any) => i.ruleId === 'form_8822b');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      dueDate: due,
      windowStart: today,
      daysLeft: daysBetween(today, due),
      appliesTo: 'federal',
      source: 'https://grokipedia.com/page/IRS_Form_8822-B',
      checked: { kind: 'third_party', source: null, date: '2026-11-28' },
      done: false,
    });
    // Marked done like any calendar item (the key names its due date).
    const mark = await c.request('PUT', `/api/compliance/me/items/${encodeURIComponent(items[0].key)}/done`);
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    const after = (await c.get('/api/compliance/me')).body.items.find((i: any) => i.ruleId === 'form_8822b');
    expect(after.done).toBe(true);
  });

  it('refuses an unknown role with 400, staff with 403, and removes an address', async () => {
    const { c } = await founder();
    expect((await c.request('PUT', '/api/bank-readiness/addresses/holiday', us)).status).toBe(400);
    expect((await c.request('DELETE', '/api/bank-readiness/addresses/physical')).status).toBe(404);
    await c.request('PUT', '/api/bank-readiness/addresses/physical', us);
    expect((await c.request('DELETE', '/api/bank-readiness/addresses/physical')).status).toBe(200);
    const physical = (await c.get('/api/bank-readiness')).body.addresses.find((a: any) => a.role === 'physical');
    expect(physical.origin).toBe('portal');
  });
});

describe('POST /api/bank-readiness/applications', () => {
  it('records a refusal with the reason and suggests the next provider the company meets', async () => {
    const { c } = await founder();
    await c.request('PUT', '/api/bank-readiness/addresses/owner_home', HOME_IN_TURKEY);
    await c.request('PUT', '/api/bank-readiness/addresses/physical', HOME_IN_TURKEY);
    const res = await c.post('/api/bank-readiness/applications', {
      provider: 'mercury',
      outcome: 'refused',
      reason: 'Business description too vague',
      decidedOn: '2026-11-20',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.application).toMatchObject({ provider: 'mercury', outcome: 'refused' });
    expect(res.body.next).toBe('wise');
    const body = (await c.get('/api/bank-readiness')).body;
    expect(body.applications).toHaveLength(1);
    expect(body.next).toBe('wise');
  });

  it('refuses a bad outcome and records nothing', async () => {
    const { c } = await founder();
    const res = await c.post('/api/bank-readiness/applications', {
      provider: 'mercury',
      outcome: 'maybe',
      decidedOn: '2026-11-20',
    });
    expect(res.status).toBe(400);
    expect((await c.get('/api/bank-readiness')).body.applications).toHaveLength(0);
  });
});

describe('GET /api/bank-readiness/pack.zip', () => {
  it('builds the provider pack from the vault with a cover sheet', async () => {
    const { c } = await founder();
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.request('http://localhost:3000/api/bank-readiness/pack.zip?provider=mercury', {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const text = bytes.toString('latin1');
    expect(text).toContain('cover-sheet.txt');
    expect(text).toContain('articles-articles.pdf');
    expect(text).toContain('ein-letter-cp575.pdf');
  });
});
