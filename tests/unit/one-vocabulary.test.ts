import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One vocabulary (decision 0083), held by reading the source: one module does calendar-date arithmetic
 * (src/shared/format/calendar-days.ts), one function gives the server's "today" (serverToday) and one the
 * browser's (todayUtc), one turns an instant into its day (calendarDateOfUtc), and who acts and who is
 * staff are said once (src/shared/domain/roles.ts). A second copy of any of them fails here.
 */

const root = path.resolve(import.meta.dirname, '../..');
const CALENDAR_DAYS = 'src/shared/format/calendar-days.ts';
const DATES = 'src/shared/format/dates.ts';
const CLOCK = 'src/server/platform/clock.ts';
const ROLES = 'src/shared/domain/roles.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const files = sourceFiles('src').map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

/** Every `file: line` where `pattern` (global) matches. */
function hits(pattern: RegExp, only: (file: string) => boolean = () => true): string[] {
  return files
    .filter(({ file }) => only(file))
    .flatMap(({ file, text }) =>
      [...text.matchAll(pattern)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`),
    );
}

const where = (list: string[]) => [...new Set(list.map((hit) => hit.split(':')[0]))];

const DAY_MATH = /\b(?:function\s+|(?:const|let|var)\s+)(?:addDays|daysBetween|daysInMonth|sameDayInYear|plusDays)\b/g;
/** An instant written as its YYYY-MM-DD: how a "today" or a hand-made addDays ends. */
const INSTANT_TO_DAY =
  /toISOString\(\)\s*\.\s*(?:slice|substring|substr)\(\s*0\s*,\s*10\s*\)|toISOString\(\)\s*\.\s*split\(\s*'T'\s*\)/g;
const TODAY_FUNCTION =
  /\bfunction\s+(?:today\w*|\w*(?:utc|local|server|browser)Today)\s*\(|\b(?:const|let)\s+(?:today\w*|\w*(?:Utc|Local|Server|Browser)Today)\s*=\s*(?:async\s*)?\(/gi;
const NOW_TO_DAY = /(?:calendarDateOfUtc|todayUtc)\(\s*new Date\(\s*\)\s*\)/g;
const ACTOR_UNION = /'(?:customer|admin|system)'\s*\|\s*'(?:customer|admin|system)'/g;
const ROLE_NAME_CHECK = /\brole\s*[!=]==\s*'customer'|'customer'\s*[!=]==\s*\w*\.?role\b/g;
const STAFF_LIST_CHECK = /\bfunction\s+is\w*Staff\w*\s*\(|\bconst\s+is\w*Staff\w*\s*=/g;

describe('one vocabulary for days, today, actors and staff', () => {
  it('reads the modules it guards (the scan is not empty)', () => {
    expect(where(hits(DAY_MATH))).toContain(CALENDAR_DAYS);
    expect(where(hits(INSTANT_TO_DAY))).toEqual([DATES]);
    expect(where(hits(TODAY_FUNCTION)).sort()).toEqual([CLOCK, DATES].sort());
    expect(where(hits(ACTOR_UNION))).toEqual([ROLES]);
  });

  it('has one addDays, one daysBetween: date arithmetic lives in calendar-days.ts', () => {
    expect(hits(DAY_MATH, (f) => f !== CALENDAR_DAYS)).toEqual([]);
  });

  it('turns an instant into its day in one place (calendarDateOfUtc)', () => {
    expect(hits(INSTANT_TO_DAY, (f) => f !== DATES)).toEqual([]);
  });

  it('computes "today" once: serverToday on the server, todayUtc elsewhere', () => {
    const defined = hits(TODAY_FUNCTION).map((hit) => hit.replace(/:\d+:/, ':'));
    expect(defined.sort()).toEqual([`${CLOCK}: function serverToday(`, `${DATES}: function todayUtc(`].sort());
    expect(hits(NOW_TO_DAY)).toEqual([]);
    // Server code asks the server's clock, which a test can move (TEST_CLOCK_OFFSET_DAYS); its test
    // fixtures may read the wall clock as the tests do.
    const serverWallClock = hits(
      /\btodayUtc\(\s*\)/g,
      (f) => f.startsWith('src/server/') && !f.endsWith('.fixtures.ts'),
    );
    expect(serverWallClock).toEqual([]);
  });

  it('names who acts once (Actor in roles.ts) and checks staff once (isStaff)', () => {
    expect(hits(ACTOR_UNION, (f) => f !== ROLES)).toEqual([]);
    expect(hits(ROLE_NAME_CHECK)).toEqual([]);
    expect(hits(STAFF_LIST_CHECK, (f) => f !== ROLES).filter((hit) => !hit.includes('isStaffCaller'))).toEqual([]);
  });

  it('catches the copies it is meant to catch', () => {
    const sample = [
      'function addDays(day: string, n: number) {}',
      'const today = () => new Date().toISOString().slice(0, 10);',
      'function localToday(): string {}',
      "export type Who = 'customer' | 'admin';",
      "if (user.role !== 'customer') throw x;",
    ].join('\n');
    expect(sample.match(DAY_MATH)).toHaveLength(1);
    expect(sample.match(INSTANT_TO_DAY)).toHaveLength(1);
    expect(sample.match(TODAY_FUNCTION)).toHaveLength(2);
    expect(sample.match(ACTOR_UNION)).toHaveLength(1);
    expect(sample.match(ROLE_NAME_CHECK)).toHaveLength(1);
  });
});
