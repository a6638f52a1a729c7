/**
 * The mail desk's search (decision 0102) on both engines: a letter is found by the name on its envelope or by
 * its company's name, each once, in the desk's order, on every path the list takes (one pass under the
 * cap, the branches cut to the page over it, the export's keyset pages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember, createTestApp, signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { mailDeskListSchema } from '../../../shared/features/mail/mail.contracts';
import { companyFormations } from '../../db/schema';
import { serverToday } from '../../platform/clock';
import { letterOf } from './mail.fixtures';
import { deskPages, listDesk } from './mail-desk.service';

let t: TestApp;
let ops: Awaited<ReturnType<typeof createStaffMember>>;
const token = String(100_000 + Math.floor(Math.random() * 900_000));
// The search as staff type it, unaccented and upper case; the company and the envelopes write it in Turkish.
const q = `ZUMRUT KAGIT ${token}`;
const ids: Record<'urgentByEnvelope' | 'byCompany' | 'byBoth' | 'neither' | 'unmatched', string> = {
  urgentByEnvelope: '',
  byCompany: '',
  byBoth: '',
  neither: '',
  unmatched: '',
};

async function company(businessName: string): Promise<string> {
  const customer = await signedInCustomer(t);
  await t.deps.database.db.insert(companyFormations).values({
    userId: customer.id,
    companyFormationPreference: 'self',
    stateSelected: 'Wyoming',
    businessName,
  });
  return customer.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ops = await createStaffMember(t, 'operations');
  const named = await company(`Zümrüt Kağıt ${token} LLC`);
  const other = await company(`Başka Şirket ${token} LLC`);
  const envelope = `ZÜMRÜT KAĞIT ${token} LLC`;
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));
  ids.urgentByEnvelope = await letterOf(t, other, { envelopeName: envelope, createdAt: at(0), urgent: true });
  ids.byCompany = await letterOf(t, named, { envelopeName: 'Matrix LLC', createdAt: at(1) });
  ids.byBoth = await letterOf(t, named, { envelopeName: envelope, createdAt: at(2) });
  ids.neither = await letterOf(t, other, { envelopeName: 'Matrix LLC', createdAt: at(3) });
  ids.unmatched = await letterOf(t, null, { envelopeName: envelope, createdAt: at(4) });
});
afterAll(async () => {
  await t?.close();
});

async function desk(query: string) {
  const res = await ops.c.get(`/api/admin/mail/letters?${query}&q=${encodeURIComponent(q)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return mailDeskListSchema.parse(res.body);
}

describe('the desk’s search', () => {
  it('finds letters by the envelope’s name and by the company’s name, each once, urgent first then newest', async () => {
    const page = await desk('queue=all&pageSize=20');
    expect(page.items.map((l) => l.id)).toEqual([ids.urgentByEnvelope, ids.unmatched, ids.byBoth, ids.byCompany]);
    expect(page).toMatchObject({ total: 4, totalKind: 'exact' });
  });

  it('pages the matches in that order', async () => {
    const second = await desk('queue=all&page=2&pageSize=1');
    expect(second.items.map((l) => l.id)).toEqual([ids.unmatched]);
    const past = await desk('queue=all&page=5&pageSize=1');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(4);
  });

  it('keeps to the queue: the waiting letters oldest first, the unmatched tray by the envelope alone', async () => {
    const waiting = await desk('queue=waiting&pageSize=20');
    expect(waiting.items.map((l) => l.id)).toEqual([ids.urgentByEnvelope, ids.byCompany, ids.byBoth]);
    const tray = await desk('queue=unmatched&pageSize=20');
    expect(tray.items.map((l) => l.id)).toEqual([ids.unmatched]);
  });

  it('past the cap, reads the page from each branch cut to it and says "at least"', async () => {
    const db = t.deps.database.db;
    const today = serverToday(t.deps.env);
    const first = await listDesk(db, { queue: 'all', q, page: 1, pageSize: 3 }, today, 2);
    expect(first.rows.map((l) => l.id)).toEqual([ids.urgentByEnvelope, ids.unmatched, ids.byBoth]);
    expect(first).toMatchObject({ total: 2, totalKind: 'atLeast' });
    const second = await listDesk(db, { queue: 'all', q, page: 2, pageSize: 3 }, today, 2);
    expect(second.rows.map((l) => l.id)).toEqual([ids.byCompany]);
  });

  it('exports every match oldest first across keyset pages', async () => {
    const found: string[] = [];
    for await (const rows of deskPages(t.deps.database.db, { queue: 'all', q }, serverToday(t.deps.env), 1))
      found.push(...rows.map((l) => l.id));
    expect(found).toEqual([ids.urgentByEnvelope, ids.byCompany, ids.byBoth, ids.unmatched]);
  });
});

describe('the desk’s queues without a search', () => {
  it('pages a queue oldest first from its index and joins only the page’s rows', async () => {
    const db = t.deps.database.db;
    const today = serverToday(t.deps.env);
    const all = await listDesk(db, { queue: 'waiting', page: 1, pageSize: 100 }, today);
    const mine = all.rows.map((l) => l.id).filter((id) => Object.values(ids).includes(id));
    expect(mine).toEqual([ids.urgentByEnvelope, ids.byCompany, ids.byBoth, ids.neither]);
    const at = all.rows.findIndex((l) => l.id === ids.byCompany);
    const single = await listDesk(db, { queue: 'waiting', page: at + 1, pageSize: 1 }, today);
    expect(single.rows.map((l) => l.id)).toEqual([ids.byCompany]);
    expect(single.rows[0]).toMatchObject({ businessName: `Zümrüt Kağıt ${token} LLC`, envelopeName: 'Matrix LLC' });
  });
});
