import { describe, expect, it } from 'vitest';
import { loggedPath } from './request-log';

describe('loggedPath', () => {
  it("hides a calendar feed's token, its only credential", () => {
    const token = 'Qm9vb29vb29vb29vb29vb29vb29vb29vb29vb29vb2';
    expect(loggedPath(`/calendar/${token}.ics`)).toBe('/calendar/[redacted].ics');
    expect(loggedPath(`/calendar/${token}`)).toBe('/calendar/[redacted]');
    expect(loggedPath(`/calendar/${token}.ics?x=1`)).toBe('/calendar/[redacted].ics?x=1');
    expect(loggedPath('/calendar/')).toBe('/calendar/[redacted]');
  });

  it('leaves every other path as it is', () => {
    for (const p of ['/api/me', '/go/abc', '/dashboard', '/api/compliance/calendar-feed', '/calendars/x.ics']) {
      expect(loggedPath(p)).toBe(p);
    }
  });
});
