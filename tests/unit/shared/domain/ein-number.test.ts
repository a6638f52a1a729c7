import { describe, expect, it } from 'vitest';
import {
  formatEin,
  INVALID_EIN_PREFIXES,
  isEin,
  maskEinInput,
  parseEin,
} from '../../../../src/shared/features/ein/ein-number.domain';

describe('EIN number', () => {
  it('accepts nine digits with or without the dash and surrounding spaces, and stores the digits', () => {
    expect(parseEin('12-3456789')).toBe('123456789');
    expect(parseEin('123456789')).toBe('123456789');
    expect(parseEin('  98-7654321 ')).toBe('987654321');
  });

  it('rejects letters, other separators, wrong lengths and blanks', () => {
    for (const bad of [
      '12-345678A',
      'AB-1234567',
      '12-345678',
      '12345678',
      '1234567890',
      '12-34567890',
      '',
      '   ',
      '12 3456789',
      '123-456789',
      '12--3456789',
      '１２-3456789',
    ]) {
      expect(isEin(bad), bad).toBe(false);
    }
    expect(parseEin(null)).toBeNull();
  });

  it('rejects every prefix the IRS never assigns, all zeros included, and accepts the others', () => {
    expect(isEin('00-0000000')).toBe(false);
    for (let p = 0; p < 100; p++) {
      const prefix = String(p).padStart(2, '0');
      expect(isEin(`${prefix}-1234567`), prefix).toBe(!INVALID_EIN_PREFIXES.has(prefix));
    }
    expect([...INVALID_EIN_PREFIXES].sort()).toEqual([
      '00',
      '07',
      '08',
      '09',
      '17',
      '18',
      '19',
      '28',
      '29',
      '49',
      '69',
      '70',
      '78',
      '79',
      '89',
      '96',
      '97',
    ]);
  });

  it('shows NN-NNNNNNN and masks what staff type', () => {
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(maskEinInput('12')).toBe('12');
    expect(maskEinInput('123')).toBe('12-3');
    expect(maskEinInput('12 34a5678999')).toBe('12-3456789');
  });
});
