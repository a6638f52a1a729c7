import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { createStaffMember, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import type { StaffRole } from '../../../shared/domain/roles';
import { auditEvents, companyFormations } from '../../db/schema';
import { helpers } from '../ein/ein.fixtures';
import { download, unzip } from '../privacy/privacy.fixtures';
import { subscriptionOf } from '../renewals/renewals.fixtures';

/*
 * Decision 0069: what a reader sees of an audit row comes from the readers' table. A note staff wrote at
 * their desk (the EIN desk's internal note, a renewal task's note) and the staff member's network never
 * reach the customer (their History, their data copy), nor a desk that cannot read the note where it
 * lives: finance opens the customer file but not the EIN desk.
 */

const test = apiTest;
let t: TestApp;
const staff = {} as Record<StaffRole, { c: TestClient; id: string }>;
const STAFF_IP = '10.77.5.9';
const STAFF_NETWORK = '10.77.5.0/24';
const EIN_NOTE = 'EIN desk internal: IRS agent rude, call back 555-0142';
const RENEWAL_NOTE = 'Renewals internal: agent invoice paid by card 4242';
let customer: { c: TestClient; id: string };
let formationId: string;

const { applicant } = helpers(() => t);

const ok = async (res: Promise<{ status: number; body: unknown }>, status = 200) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};

test.beforeAll(async ({ app }) => {
  t = app;
  for (const role of ['owner', 'operations', 'support', 'finance'] as const) {
    staff[role] = await createStaffMember(t, role, { ip: STAFF_IP });
  }
  const who = await applicant();
  customer = who;
  const ops = staff.operations.c;
  const base = `/api/admin/ein-applications/${who.application.id}`;
  // A step the customer sees (made from the staff network), the desk's note, a renewal task's note.
  await ok(ops.post(`${base}/advance`, { to: 'ss4_ready' }));
  await ok(ops.request('PUT', `${base}/notes`, { adminNotes: EIN_NOTE }));
  const { taskId } = await subscriptionOf(t, who.id, { task: true });
  await ok(
    ops.post(`/api/admin/renewals/tasks/${taskId}/done`, {
      doneOn: new Date().toISOString().slice(0, 10),
      note: RENEWAL_NOTE,
    }),
  );
  const db = t.deps.database.db;
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, who.id));
  // The rows really hold what must not leak, so the checks below can fail.
  const raw = JSON.stringify(rows);
  for (const secret of [EIN_NOTE, RENEWAL_NOTE, STAFF_NETWORK]) expect(raw).toContain(secret);
  const [formation] = await db
    .select({ id: companyFormations.id })
    .from(companyFormations)
    .where(eq(companyFormations.userId, who.id));
  formationId = formation.id;
});

describe("the customer's own view", () => {
  it("keeps staff notes and staff networks out of the data copy's history, which is the History's items", async () => {
    const zip = await download(t, customer.c, '/api/privacy/export.zip');
    expect(zip.status).toBe(200);
    const entries = await unzip(zip.bytes);
    const everything = Buffer.concat([...entries.values()]).toString('utf8');
    for (const secret of [EIN_NOTE, RENEWAL_NOTE, STAFF_NETWORK]) expect(everything).not.toContain(secret);
    const history = JSON.parse(entries.get('history.json')?.toString() ?? '{}');
    const timeline = (await ok(customer.c.get('/api/me/timeline'))).body as { items: unknown[] };
    // The copy says what the History says, item for item.
    expect(history.events).toEqual(timeline.items);
    expect(history.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'ein_status', to: 'ss4_ready', by: 'team' })]),
    );
  });

  it('keeps them out of the History', async () => {
    const text = JSON.stringify((await ok(customer.c.get('/api/me/timeline'))).body);
    for (const secret of [EIN_NOTE, RENEWAL_NOTE, STAFF_NETWORK]) expect(text).not.toContain(secret);
  });
});

describe('the customer file, by desk', () => {
  async function fileTimeline(role: StaffRole) {
    const res = await ok(staff[role].c.get(`/api/admin/formations/${formationId}/file`));
    return (res.body as { file: { timeline: Array<{ action: string }> } }).file.timeline;
  }

  it('shows the EIN note to the desks that read it at the EIN desk, and not to finance', async () => {
    for (const role of ['owner', 'operations', 'support'] as const) {
      expect(JSON.stringify(await fileTimeline(role)), role).toContain(EIN_NOTE);
    }
    const finance = await fileTimeline('finance');
    expect(JSON.stringify(finance)).not.toContain(EIN_NOTE);
    // The row is still there: finance sees that a note was saved, not what it says.
    expect(finance.map((e) => e.action)).toContain('ein.notes_saved');
  });

  it('shows the renewal task note to the desks that read renewals, and not to support', async () => {
    for (const role of ['owner', 'operations', 'finance'] as const) {
      expect(JSON.stringify(await fileTimeline(role)), role).toContain(RENEWAL_NOTE);
    }
    const support = await fileTimeline('support');
    expect(JSON.stringify(support)).not.toContain(RENEWAL_NOTE);
    expect(support.map((e) => e.action)).toContain('renewal_task.done');
  });

  it('never shows a staff network in the customer file', async () => {
    for (const role of ['owner', 'operations', 'support', 'finance'] as const) {
      expect(JSON.stringify(await fileTimeline(role)), role).not.toContain(STAFF_NETWORK);
    }
  });
});

describe('the audit trail', () => {
  it('keeps whole rows, notes and network, for its reader (audit.read)', async () => {
    const res = await ok(staff.owner.c.get(`/api/admin/audit?customer=${customer.id}`));
    const text = JSON.stringify(res.body);
    for (const secret of [EIN_NOTE, RENEWAL_NOTE, STAFF_NETWORK]) expect(text).toContain(secret);
  });
});
