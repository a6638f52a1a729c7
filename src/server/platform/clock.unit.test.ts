import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { serverNow, serverToday } from './clock';

describe('server clock', () => {
  it('moves by whole days only under NODE_ENV=test', () => {
    const env = parseEnv({ NODE_ENV: 'test', TEST_CLOCK_OFFSET_DAYS: '365' });
    const moved = serverNow(env).getTime() - Date.now();
    expect(Math.round(moved / 86_400_000)).toBe(365);
    expect(serverToday(env)).toBe(new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10));
    expect(serverToday(parseEnv({ NODE_ENV: 'test' }))).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses a moved clock outside tests', () => {
    expect(() => parseEnv({ NODE_ENV: 'development', TEST_CLOCK_OFFSET_DAYS: '3' })).toThrow(/only tests/);
  });
});
