import { describe, expect, it } from 'vitest';
import {
  customerReplyReopens,
  messageExcerpt,
  SUPPORT_STATUSES,
  statusAfterCustomerReply,
  unreadStaffReplies,
  waitingSince,
} from '../../../../src/shared/features/support/support.domain';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const customer = (s: number) => ({ isAdminReply: false, createdAt: at(s) });
const staff = (s: number) => ({ isAdminReply: true, createdAt: at(s) });

describe('support thread rules', () => {
  it('reopens resolved and closed threads on a customer reply, and only those', () => {
    expect(SUPPORT_STATUSES.map(statusAfterCustomerReply)).toEqual(['open', 'in_progress', 'open', 'open']);
    expect(SUPPORT_STATUSES.filter(customerReplyReopens)).toEqual(['resolved', 'closed']);
  });

  it("waits since the customer's newest message while open or in progress", () => {
    const open = { status: 'open' as const, createdAt: at(0) };
    expect(waitingSince(open, [])).toEqual(at(0));
    expect(waitingSince(open, [customer(1), staff(2), customer(3)])).toEqual(at(3));
    expect(waitingSince(open, [customer(1), staff(2)])).toBeNull();
    expect(waitingSince({ ...open, status: 'in_progress' }, [customer(1)])).toEqual(at(1));
    expect(waitingSince({ ...open, status: 'resolved' }, [customer(1)])).toBeNull();
    expect(waitingSince({ ...open, status: 'closed' }, [])).toBeNull();
  });

  it("counts staff replies newer than the customer's newest message or last opening as unread", () => {
    expect(unreadStaffReplies([])).toBe(0);
    expect(unreadStaffReplies([staff(1), staff(2)])).toBe(2);
    expect(unreadStaffReplies([staff(1), customer(2), staff(3)])).toBe(1);
    expect(unreadStaffReplies([staff(1), customer(2)])).toBe(0);
    // Opened at 2: only the reply at 3 is new.
    expect(unreadStaffReplies([staff(1), staff(3)], at(2))).toBe(1);
  });

  it('quotes the first lines of a message', () => {
    expect(messageExcerpt('  one\ntwo  ')).toBe('one\ntwo');
    expect(messageExcerpt('1\n2\n3\n4\n5\n6')).toBe('1\n2\n3\n4\n5…');
    expect(messageExcerpt('x'.repeat(600))).toBe(`${'x'.repeat(500)}…`);
  });
});
