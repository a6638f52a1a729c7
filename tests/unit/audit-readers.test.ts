import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/shared/domain/permissions';
import { AUDIT_ACTIONS } from '../../src/shared/features/audit/audit.domain';
import {
  AUDIT_READERS,
  auditRowFor,
  CUSTOMER_AUDIT_ACTIONS,
} from '../../src/shared/features/audit/audit-readers.domain';

/** Decision 0069: one readers' table, complete by action. */
describe('the audit readers table', () => {
  it('declares every audit action, and nothing else', () => {
    const declared = Object.keys(AUDIT_READERS).sort();
    expect(AUDIT_ACTIONS.filter((a) => !(a in AUDIT_READERS))).toEqual([]);
    expect(declared).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('names only known permissions, and keeps the customer to the rows their History shows', () => {
    for (const [action, rule] of Object.entries(AUDIT_READERS)) {
      for (const permission of Object.values(rule.staff)) expect(PERMISSIONS, action).toContain(permission);
    }
    expect([...CUSTOMER_AUDIT_ACTIONS].sort()).toEqual(
      [
        'document.uploaded',
        'ein.created',
        'ein.file_uploaded',
        'ein.follow_up_recorded',
        'ein.status_changed',
        'filing.extended',
        'filing.stage_changed',
        'formation.created',
        'formation.status_changed',
        'order.failed',
        'order.paid',
      ].sort(),
    );
  });
});

describe('auditRowFor', () => {
  const notes = {
    action: 'ein.notes_saved',
    before: { einStatus: 'ss4_ready', adminNotes: null },
    after: { einStatus: 'ss4_ready', adminNotes: 'internal' },
    network: '10.0.0.0/24',
  };

  it('gives the EIN note to the EIN desk, not to finance nor the customer; the network to audit.read only', () => {
    expect(auditRowFor(notes, 'operations')).toEqual({ ...notes, network: null });
    expect(auditRowFor(notes, 'support').after).toEqual({ einStatus: 'ss4_ready', adminNotes: 'internal' });
    expect(auditRowFor(notes, 'finance')).toEqual({
      action: 'ein.notes_saved',
      before: { einStatus: 'ss4_ready' },
      after: { einStatus: 'ss4_ready' },
      network: null,
    });
    expect(auditRowFor(notes, 'customer')).toEqual({ action: 'ein.notes_saved', before: {}, after: {}, network: null });
    expect(auditRowFor(notes, 'owner')).toBe(notes);
  });

  it('drops a field nobody declared, and every side of an unknown action, for all but audit.read', () => {
    const extra = { action: 'ein.status_changed', before: null, after: { einStatus: 'ein_issued', secret: 'x' } };
    expect(auditRowFor(extra, 'operations').after).toEqual({ einStatus: 'ein_issued' });
    expect(auditRowFor(extra, 'customer').after).toEqual({ einStatus: 'ein_issued' });
    expect(auditRowFor(extra, 'owner').after).toEqual({ einStatus: 'ein_issued', secret: 'x' });
    const old = { action: 'legacy.thing', before: { a: 1 }, after: 'text' };
    expect(auditRowFor(old, 'operations')).toEqual({ action: 'legacy.thing', before: {}, after: null });
  });
});
