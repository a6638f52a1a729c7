/** The customer's decisions on a letter (decision 0086): which state each leads to, and from where. */
import { describe, expect, it } from 'vitest';
import { awaitsScan, canScan, decide, LETTER_STATUSES } from '../../../../src/shared/domain/mail';

describe('letter decisions', () => {
  it('moves a received letter to the state the customer chose', () => {
    expect(decide('received', 'scan')).toBe('scan_requested');
    expect(decide('received', 'shred')).toBe('shred_requested');
    expect(decide('received', 'hold')).toBe('held');
  });

  it('refuses a decision that makes no sense in the state', () => {
    expect(decide('scan_requested', 'scan')).toBeNull();
    expect(decide('scanned', 'scan')).toBeNull();
    expect(decide('shredded', 'hold')).toBeNull();
    expect(decide('shredded', 'shred')).toBeNull();
  });

  it('lets a held letter be scanned or shredded later, and a shred be taken back while the paper is here', () => {
    expect(decide('held', 'scan')).toBe('scan_requested');
    expect(decide('held', 'shred')).toBe('shred_requested');
    expect(decide('shred_requested', 'hold')).toBe('held');
  });

  it('scans only paper that is still here and not scanned', () => {
    expect(LETTER_STATUSES.filter(canScan)).toEqual(['received', 'scan_requested', 'held']);
  });

  it('runs the desk clock only while the paper waits for a scan or the customer', () => {
    expect(LETTER_STATUSES.filter(awaitsScan)).toEqual(['received', 'scan_requested']);
  });
});
