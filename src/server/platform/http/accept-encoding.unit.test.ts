import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './accept-encoding';

const both = ['br', 'gzip'] as const;

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', 'identity'],
    ['BR;Q=0, GZIP', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['br;q=0.2, identity;q=1', 'identity'],
    ['br;q=nonsense, gzip', 'gzip'],
  ] as const)('Accept-Encoding %j → %s', (header, want) => {
    expect(chooseEncoding(header, both)).toBe(want);
  });

  it('offers only what the file has', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBe('identity');
    expect(chooseEncoding('br, gzip', [])).toBe('identity');
  });
});
