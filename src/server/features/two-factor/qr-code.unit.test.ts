import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { qrModules, qrSvgPath } from './qr-code.service';

const fingerprint = (modules: boolean[][]) =>
  createHash('sha256')
    .update(modules.map((row) => row.map((d) => (d ? '1' : '0')).join('')).join('\n'))
    .digest('hex')
    .slice(0, 16);

/** Does the 7×7 finder pattern stand at (x, y)? */
function finderAt(m: boolean[][], x: number, y: number): boolean {
  for (let dy = 0; dy < 7; dy += 1) {
    for (let dx = 0; dx < 7; dx += 1) {
      const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
      if (m[y + dy][x + dx] !== (ring !== 1)) return false;
    }
  }
  return true;
}

describe('the QR code of the enrolment', () => {
  // These fingerprints are of codes that a camera decoder (zbarimg) read back as their text when this
  // encoder was written; a change to the encoder that alters a module changes them.
  it.each([
    ['hello', 21, '52a7aa67e7296ede'],
    [
      'otpauth://totp/ABD%20%C5%9Eirket%20Kurulum%20Portal%C4%B1:some.admin.person%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=ABD%20%C5%9Eirket%20Kurulum%20Portal%C4%B1&algorithm=SHA1&digits=6&period=30',
      57,
      '8b1705b9772c60c9',
    ],
  ])('encodes %s as a known code of %i modules a side', (text, size, print) => {
    const m = qrModules(text);
    expect(m.length).toBe(size);
    expect(finderAt(m, 0, 0) && finderAt(m, size - 7, 0) && finderAt(m, 0, size - 7)).toBe(true);
    expect(fingerprint(m)).toBe(print);
  });

  it('draws one unit square per dark module inside a four-module quiet zone', () => {
    const m = qrModules('hello');
    const { size, path } = qrSvgPath('hello');
    expect(size).toBe(21 + 8);
    const squares = path.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    expect(squares.length).toBe(m.flat().filter(Boolean).length);
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });

  it('refuses a text longer than its largest version holds', () => {
    expect(() => qrModules('x'.repeat(700))).toThrow();
  });
});
