import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanFileName, detectFileKind } from '../../src/shared/domain/files';
import {
  canAdvanceEin,
  canUploadEinFile,
  EIN_STATUSES,
  einStage,
  maskSsn,
  nextEinStatus,
} from '../../src/shared/features/ein/ein.domain';
import { einApplicationSchema, isSsn } from '../../src/shared/features/ein/ein.schemas';

const status = fc.constantFrom(...EIN_STATUSES);

describe('the EIN chain (product.md#ein-states)', () => {
  it('allows exactly the next step: no skips, no moves back, nothing after ein_issued', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canAdvanceEin(from, to)).toBe(einStage(to) === einStage(from) + 1);
      }),
    );
    expect(nextEinStatus('ein_issued')).toBeNull();
    expect(EIN_STATUSES.map(nextEinStatus)).toEqual([
      'ss4_ready',
      'ss4_uploaded',
      'submitted_to_irs',
      'ein_issued',
      null,
    ]);
  });

  it('opens each upload only in its window', () => {
    const open = (upload: Parameters<typeof canUploadEinFile>[0]) =>
      EIN_STATUSES.filter((s) => canUploadEinFile(upload, s));
    expect(open('preparedSs4')).toEqual(['waiting_for_form', 'ss4_ready']);
    expect(open('signedSs4')).toEqual(['ss4_ready', 'ss4_uploaded']);
    expect(open('einDocument')).toEqual(['submitted_to_irs']);
  });

  it('shows an SSN by its last four digits only', () => {
    expect(maskSsn('6789')).toBe('***-**-6789');
    expect(maskSsn(null)).toBeNull();
  });
});

describe('file kinds by content', () => {
  it('recognises PDF, PNG and JPEG by their first bytes, whatever follows', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (rest) => {
        const withHead = (head: number[]) => new Uint8Array([...head, ...rest]);
        expect(detectFileKind(withHead([0x25, 0x50, 0x44, 0x46, 0x2d]))).toBe('pdf');
        expect(detectFileKind(withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
        expect(detectFileKind(withHead([0xff, 0xd8, 0xff]))).toBe('jpeg');
      }),
    );
  });

  it('refuses HTML, text and empty files, even named .pdf', () => {
    for (const text of ['<!doctype html><p>hi</p>', '  %PDF-1.4', 'PDF-1.4', '']) {
      expect(detectFileKind(new TextEncoder().encode(text))).toBeNull();
    }
  });

  it('keeps a file name for display only: no folders, no control characters, no quotes', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\ayşe\\SS-4 "imzalı".pdf')).toBe('SS-4 imzalı.pdf');
    expect(cleanFileName('\u0000\u001f')).toBe('file');
  });
});

describe('EIN application rules (product.md#ein-application-rules)', () => {
  const valid = {
    businessName: 'Anadolu LLC',
    email: 'a@b.co',
    state: 'Wyoming',
    businessActivity: 'Ecommerce',
    responsiblePartyName: 'Elif Demir',
    responsiblePartyPhone: '+90 532 111 22 33',
    noSsn: false,
    responsiblePartySsn: '123-45-6789',
    terms: true,
  };
  const fieldsOf = (input: Record<string, unknown>) => {
    const r = einApplicationSchema.safeParse(input);
    const fields: Record<string, string> = {};
    // The first failed rule of each field, as the API reports it.
    if (!r.success) for (const i of r.error.issues) fields[i.path.join('.')] ??= i.message;
    return fields;
  };

  it('accepts a complete application', () => {
    expect(fieldsOf(valid)).toEqual({});
  });

  it('needs the SSN unless the no-SSN box is ticked', () => {
    expect(fieldsOf({ ...valid, responsiblePartySsn: '' })).toEqual({ responsiblePartySsn: 'validation.ssnRequired' });
    expect(fieldsOf({ ...valid, responsiblePartySsn: '', noSsn: true })).toEqual({});
    expect(fieldsOf({ ...valid, responsiblePartySsn: '12345' })).toEqual({
      responsiblePartySsn: 'validation.ssnInvalid',
    });
  });

  it('accepts nine digits however they are separated, and nothing else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}[- ]?\d{2}[- ]?\d{4}$/), (ssn) => {
        expect(isSsn(ssn)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$|^\d{10,12}$/), (ssn) => {
        expect(isSsn(ssn)).toBe(false);
      }),
    );
  });

  it('needs the words for "Other", the terms, and a state from the list', () => {
    expect(fieldsOf({ ...valid, businessActivity: 'Other' })).toEqual({
      otherActivity: 'validation.otherActivityRequired',
    });
    expect(fieldsOf({ ...valid, terms: false })).toEqual({ terms: 'validation.einTermsRequired' });
    expect(fieldsOf({ ...valid, state: '' })).toEqual({ state: 'validation.stateRequired' });
    expect(fieldsOf({ ...valid, state: 'Atlantis' })).toEqual({ state: 'validation.stateInvalid' });
    expect(fieldsOf({ ...valid, businessName: '  ' })).toEqual({ businessName: 'validation.businessNameRequired' });
  });
});
