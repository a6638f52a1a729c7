import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrSvgPath } from './qr-code.service';

/**
 * The modules the SVG path draws, read back from the path itself (qrcode writes one `M x y.5` per row and
 * `h n` runs separated by `m dx 0` gaps), without the quiet zone.
 */
function modulesOfPath(size: number, path: string): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Number(b) - 0.5];
    else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i += 1) grid[y][x + i] = true;
      x += Number(a);
    }
  }
  const inner = size - 2 * QR_QUIET_ZONE;
  // Nothing is drawn in the quiet zone.
  expect(grid.flat().filter(Boolean).length).toBe(
    grid
      .slice(QR_QUIET_ZONE, QR_QUIET_ZONE + inner)
      .flatMap((row) => row.slice(QR_QUIET_ZONE, QR_QUIET_ZONE + inner))
      .filter(Boolean).length,
  );
  return grid.slice(QR_QUIET_ZONE, QR_QUIET_ZONE + inner).map((row) => row.slice(QR_QUIET_ZONE, QR_QUIET_ZONE + inner));
}

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

/** The error correction level in the format bits beside the top-left finder (ISO/IEC 18004 7.9). */
function errorCorrectionLevel(m: boolean[][]): string {
  // Bit i of the 15 format bits, where Nayuki's qrcodegen places it (column, row).
  const at = (i: number): [number, number] =>
    i <= 5 ? [8, i] : i === 6 ? [8, 7] : i === 7 ? [8, 8] : i === 8 ? [7, 8] : [14 - i, 8];
  let bits = 0;
  for (let i = 0; i < 15; i += 1) {
    const [x, y] = at(i);
    if (m[y][x]) bits |= 1 << i;
  }
  const format = bits ^ 0x5412;
  return ['M', 'L', 'H', 'Q'][format >>> 13];
}

describe('the QR code of the enrolment', () => {
  // These fingerprints are of codes that a camera decoder (zbarimg) read back as their text when the
  // portal's own encoder was written (decision 0042); qrcode draws the very same modules (decision 0078).
  it.each([
    ['hello', 21, '52a7aa67e7296ede'],
    [
      'otpauth://totp/ABD%20%C5%9Eirket%20Kurulum%20Portal%C4%B1:some.admin.person%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=ABD%20%C5%9Eirket%20Kurulum%20Portal%C4%B1&algorithm=SHA1&digits=6&period=30',
      57,
      '8b1705b9772c60c9',
    ],
  ])('draws %s as a known code of %i modules a side, level M, in a four-module quiet zone', (text, side, print) => {
    const { size, path } = qrSvgPath(text);
    expect(size).toBe(side + 2 * QR_QUIET_ZONE);
    const m = modulesOfPath(size, path);
    expect(finderAt(m, 0, 0) && finderAt(m, side - 7, 0) && finderAt(m, 0, side - 7)).toBe(true);
    expect(errorCorrectionLevel(m)).toBe('M');
    expect(fingerprint(m)).toBe(print);
  });

  it('starts at the top-left finder, inside the quiet zone', () => {
    expect(qrSvgPath('hello').path.startsWith('M4 4.5h7')).toBe(true);
  });

  it('refuses a text longer than the largest code holds', () => {
    expect(() => qrSvgPath('x'.repeat(3000))).toThrow();
  });
});
