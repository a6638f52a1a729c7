/** The customer's decisions on a letter (decision 0086): which state each leads to, and from where. */
import { describe, expect, it } from 'vitest';
import {
  awaitsScan,
  canForward,
  canReassign,
  canScan,
  decide,
  forwardBandOf,
  LETTER_STATUSES,
  offersEin,
  statusByStandingRule,
} from '../../../../src/shared/features/mail/mail.domain';

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

describe('forwarding, standing rules and the EIN letter (decision 0089)', () => {
  it('forwards paper that is still here, and lets a newer word replace an unpaid checkout', () => {
    for (const status of ['received', 'scanned', 'held', 'forward_requested'] as const)
      expect(canForward(status)).toBe(true);
    for (const status of ['to_forward', 'forwarded', 'shredded', 'shred_requested', 'scan_requested'] as const)
      expect(canForward(status)).toBe(false);
    expect(decide('forward_requested', 'hold')).toBe('held');
    expect(decide('to_forward', 'hold')).toBeNull();
    expect(decide('forwarded', 'shred')).toBeNull();
  });

  it('reads the weight band from the pages', () => {
    expect([1, 10, 11, 50, 51, 500].map(forwardBandOf)).toEqual([
      'forward_letter',
      'forward_letter',
      'forward_large',
      'forward_large',
      'forward_parcel',
      'forward_parcel',
    ]);
  });

  it('sends government letters to scan and advertising to shred only when the customer asked', () => {
    const none = { scanGovernment: false, shredAdvertising: false };
    const both = { scanGovernment: true, shredAdvertising: true };
    expect(statusByStandingRule('irs', both)).toBe('scan_requested');
    expect(statusByStandingRule('state', both)).toBe('scan_requested');
    expect(statusByStandingRule('advertiser', both)).toBe('shred_requested');
    expect(statusByStandingRule('bank', both)).toBeNull();
    expect(statusByStandingRule('irs', none)).toBeNull();
    expect(statusByStandingRule('advertiser', none)).toBeNull();
  });

  it('offers the EIN from a CP 575 waiting at the IRS, or a 147C where the number is missing', () => {
    expect(offersEin('cp575', 'submitted_to_irs', false)).toBe(true);
    expect(offersEin('cp575', 'ss4_uploaded', false)).toBe(false);
    expect(offersEin('letter147c', 'ein_issued', false)).toBe(true);
    expect(offersEin('letter147c', 'ein_issued', true)).toBe(false);
    expect(offersEin('cp15', 'submitted_to_irs', false)).toBe(false);
    expect(offersEin('cp575', null, false)).toBe(false);
  });

  it('keeps paid, posted and shredded paper with its customer', () => {
    expect(canReassign('received')).toBe(true);
    for (const status of ['forward_requested', 'to_forward', 'forwarded', 'shredded'] as const)
      expect(canReassign(status)).toBe(false);
  });
});
