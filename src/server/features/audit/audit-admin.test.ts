/**
 * /admin/audit (decision 0043, decision 0043): the trail filtered by actor, action, customer and date range,
 * searched, sorted and paged in SQL, exported as CSV, with the client's network on every row a request
 * made. On both engines.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import {
  createStaffMember,
  signUp,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../../tests/support/test-app';
import { AUDIT_ACTIONS } from '../../../shared/features/audit/audit.domain';
import { translate } from '../../../shared/i18n';
import { auditEvents } from '../../db/schema';
import { recordAudit } from '../../platform/audit';
import { networkOf } from '../../platform/http/request-context';

const test = apiTest;
let t: TestApp;
let owner: TestClient;
let ownerId: string;
const customers: Record<string, { id: string; email: string }> = {};

/** A row as a change would write it, at a fixed time, so the order and the date filters are known. */
async function row(fields: Partial<typeof auditEvents.$inferInsert> & { action: string }, at: string) {
  await t.deps.database.db.insert(auditEvents).values({
    actorId: ownerId,
    actorRole: 'owner',
    entityType: 'user',
    entityId: 'x',
    createdAt: new Date(at),
    ...fields,
  });
}

test.beforeAll(async ({ app }) => {
  t = app;
  owner = t.client({ ip: '203.0.113.77' });
  const { res } = await signUpAdmin(owner);
  expect(res.status).toBe(201);
  ownerId = res.body.user.id;
  for (const [key, name] of [
    ['isil', 'IŞIL ŞAHİN'],
    ['ozan', 'Ozan Çelik'],
  ] as const) {
    const c = t.client();
    const { res: r, email } = await signUp(c, { fullName: name });
    customers[key] = { id: r.body.user.id, email };
  }
  await row(
    { action: 'ein.ssn_revealed', subjectUserId: customers.isil.id, network: '203.0.113.0/24' },
    '2026-01-05T10:00:00Z',
  );
  await row(
    {
      action: 'formation.status_changed',
      subjectUserId: customers.ozan.id,
      before: { status: 'pending' },
      after: { status: 'formation_completed' },
    },
    '2026-01-06T10:00:00Z',
  );
  await row({ action: 'service.updated', actorId: null, actorRole: 'system' }, '2026-01-07T10:00:00Z');
  await row({ action: 'ein.ssn_revealed', subjectUserId: customers.ozan.id }, '2026-01-08T23:59:59Z');
}, 60_000);

const list = async (query = '') => {
  const res = await owner.get(`/api/admin/audit${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Array<Record<string, any>>; total: number; totalKind: string };
};
const actions = (body: { items: Array<Record<string, any>> }) => body.items.map((i) => i.action);
/** The fixed rows only (January 2026), apart from those the set-up's requests wrote. */
const JANUARY = 'from=2026-01-01&to=2026-01-31';

describe('the audit trail', () => {
  it('lists rows newest first with actor, action, customer, from → to, time and network', async () => {
    const body = await list(JANUARY);
    expect(actions(body)).toEqual([
      'ein.ssn_revealed',
      'service.updated',
      'formation.status_changed',
      'ein.ssn_revealed',
    ]);
    expect(body).toMatchObject({ total: 4, totalKind: 'exact' });
    expect(body.items[2]).toMatchObject({
      actor: { id: ownerId, name: 'Admin Kişi' },
      actorRole: 'owner',
      customer: { id: customers.ozan.id, name: 'Ozan Çelik', email: customers.ozan.email },
      before: { status: 'pending' },
      after: { status: 'formation_completed' },
      createdAt: '2026-01-06T10:00:00.000Z',
    });
    expect(body.items[1]).toMatchObject({ actor: null, actorRole: 'system', customer: null });
    expect(body.items[3].network).toBe('203.0.113.0/24');
  });

  it('filters by action, actor, customer and whole days, alone or together, and sorts oldest first', async () => {
    expect(actions(await list(`${JANUARY}&action=ein.ssn_revealed`))).toEqual(['ein.ssn_revealed', 'ein.ssn_revealed']);
    const byCustomer = await list(`${JANUARY}&customer=${customers.ozan.id}`);
    expect(actions(byCustomer)).toEqual(['ein.ssn_revealed', 'formation.status_changed']);
    expect(actions(await list(`${JANUARY}&customer=${customers.ozan.id}&action=ein.ssn_revealed`))).toEqual([
      'ein.ssn_revealed',
    ]);
    expect((await list(`${JANUARY}&actor=${ownerId}`)).total).toBe(3);
    // `to` includes its whole day: 23:59:59 on the 8th is in.
    expect(actions(await list('from=2026-01-07&to=2026-01-08'))).toEqual(['ein.ssn_revealed', 'service.updated']);
    expect(actions(await list(`${JANUARY}&sort=oldest`))[0]).toBe('ein.ssn_revealed');
    expect((await list(`${JANUARY}&sort=oldest`)).items[0].network).toBe('203.0.113.0/24');
  });

  it('searches customers by name or email with Turkish letters folded', async () => {
    expect(actions(await list(`${JANUARY}&q=${encodeURIComponent('ısıl sahin')}`))).toEqual(['ein.ssn_revealed']);
    expect((await list(`${JANUARY}&q=${encodeURIComponent(customers.ozan.email)}`)).total).toBe(2);
    expect((await list('q=nobody-at-all')).total).toBe(0);
  });

  it('pages in SQL without repeats or gaps', async () => {
    const pages = [1, 2, 3].map((p) => list(`${JANUARY}&pageSize=2&page=${p}`));
    const got = await Promise.all(pages);
    expect(got.flatMap((p) => p.items.map((i) => i.id))).toEqual((await list(JANUARY)).items.map((i) => i.id));
    expect(got[2].items).toEqual([]);
  });

  it('refuses bad filters with 400, and everyone but the owner', async () => {
    for (const q of ['action=made.up', 'from=2026-02-01&to=2026-01-01', 'from=yesterday', 'pageSize=1000', 'sort=x']) {
      const res = await owner.get(`/api/admin/audit?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    for (const role of ['operations', 'support', 'finance'] as const) {
      const member = await createStaffMember(t, role);
      expect((await member.c.get('/api/admin/audit')).status, role).toBe(403);
      expect((await member.c.get('/api/admin/audit/export.csv')).status, role).toBe(403);
    }
    expect((await t.client().get('/api/admin/audit')).status).toBe(401);
  });

  it('records the network of the request that made a change, and the invitation events', async () => {
    const member = await createStaffMember(t, 'support', { ip: '2001:db8:abcd:12::7' });
    const joined = await list(`action=staff.joined&customer=${member.id}`);
    expect(joined.items[0]).toMatchObject({ network: '2001:db8:abcd::/48', actor: { id: member.id } });
    const invited = await list('action=staff.invited');
    expect(invited.items.length).toBeGreaterThan(0);
    await recordAudit(t.deps.database.db, {
      actorId: null,
      actorRole: 'system',
      action: 'order.paid',
      entityType: 'order',
      entityId: 'outside',
    });
    // Outside a request (a job, the CLI) there is no network.
    expect((await list('action=order.paid')).items[0].network).toBeNull();
    const actors = await owner.get('/api/admin/audit/actors');
    expect(actors.body.actors.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([ownerId, member.id]));
  });

  it('exports the filter as CSV in English or for Turkish Excel', async () => {
    const en = await owner.get(`/api/admin/audit/export.csv?${JANUARY}&action=formation.status_changed`);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toContain('text/csv');
    const lines = (en.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('Time,Actor,Actor role,Action,Customer or member,Record,From,To,Network,Row id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Formation status changed');
    expect(lines[1]).toContain(`Ozan Çelik <${customers.ozan.email}>`);
    expect(lines[1]).toContain('""status"":""pending""');
    const tr = await owner.get(`/api/admin/audit/export.csv?${JANUARY}&format=excel-tr&sort=oldest`);
    const text = tr.body as string;
    // The client's text decoding drops the BOM; the semicolons and Turkish labels are Excel's dialect.
    expect(text.replace(/^\uFEFF/, '')).toMatch(/^Zaman;Yapan;/);
    expect(text.split('\r\n')[1]).toContain('SSN gösterildi');
    expect(text).toContain('Sistem');
  });
});

describe('action labels and networks', () => {
  it('labels every action in both languages', () => {
    for (const lang of ['tr', 'en'] as const) {
      for (const action of AUDIT_ACTIONS) {
        const label = translate(lang, `adminAudit.actions.${action}`);
        expect(label, `${lang} ${action}`).not.toContain('adminAudit');
        expect(label.length, `${lang} ${action}`).toBeGreaterThan(2);
      }
    }
  });

  it('shortens IPv4 to its /24 and IPv6 to its /48', () => {
    expect(networkOf('198.51.100.23')).toBe('198.51.100.0/24');
    expect(networkOf('2001:0db8:00ab:0001::1')).toBe('2001:db8:ab::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('unknown')).toBeNull();
  });
});
