import { describe, expect, it } from 'vitest';
import { networkOf } from '../../platform/http/network';
import { parseUserAgent } from './user-agent.service';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera',
      'Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
    ['curl/8.5.0', null, null],
  ])('%s → %s on %s', (ua, browser, system) => {
    expect(parseUserAgent(ua)).toEqual({ browser, system });
  });

  it('names nothing for a missing user agent', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, system: null });
    expect(parseUserAgent('')).toEqual({ browser: null, system: null });
  });
});

describe('networkOf', () => {
  it('shortens IPv4 to its /24 and IPv6 to its /48', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0db8:00ab:0012:0000:0000:0000:0001')).toBe('2001:db8:ab::/48');
    // clientAddress's IPv6 bucket.
    expect(networkOf('2001:db8:abcd:12::/64')).toBe('2001:db8:abcd::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('gives nothing for what is not an address', () => {
    expect(networkOf('unknown')).toBeNull();
    expect(networkOf(null)).toBeNull();
    expect(networkOf('')).toBeNull();
    expect(networkOf('999.1.1.1')).toBeNull();
  });
});
