import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../tests/support/files';
import { changedTables, tableCounter } from '../../../tests/support/table-counts';
import {
  createTestApp,
  forgetUsedCodes,
  GOOD_PASSWORD,
  hasKnownFactor,
  signedInCustomer,
  signInFully,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from '../../../tests/support/test-app';
import { US_STATES } from '../../shared/catalogue/states';
import { helpers } from '../features/ein/ein.fixtures';
import { RECORDED_DOWNLOADS, REFUSAL_WRITES } from './fuzz-rules';

/**
 * Fuzzes every operation of the OpenAPI document: requests are derived from each operation's own
 * schemas (body, query, path) and then spoiled with hostile values and headers, sent as an anonymous
 * caller, three customers at different points of their journey and an admin. Every answer must be
 * below 500, every 4xx must carry the error body of ARCHITECTURE "Conventions", and a batch of refused
 * requests must leave every table as it was.
 *
 * FUZZ_RUNS is the number of requests per operation (spread over the roles), FUZZ_SEED the seed; the
 * defaults fit the one-minute budget of `npm test` beside the other files. `npm run fuzz` runs more.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || 60);
const SEED =
  Number.isInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 0x5eed_09;
/** Requests between two row counts; a batch is checked for writes only if all its requests were refused. */
const BATCH = 24;
const CONCURRENCY = 6;
/** Multipart routes get a handful of malformed bodies only: generating real files is not the point. */
const MULTIPART_RUNS = Math.min(RUNS, 40);

/**
 * Tables a refused request may legitimately write to. rate_limit_counters counts attempts, and a
 * refused attempt (a wrong password, a wrong admin code, a 429) is exactly what it must count.
 * Everything else, audit_events and mail_outbox included, must not change: a refused request is not
 * audited and sends no mail.
 */
const WRITES_ALLOWED_WHEN_REFUSED = new Set(['rate_limit_counters']);
const ORIGIN = 'http://localhost:3000';
const SESSION_COOKIE = 'portal.session_token';

type RoleName = 'anonymous' | 'newcomer' | 'completed' | 'applicant' | 'admin';
const SIGNED_IN: RoleName[] = ['newcomer', 'completed', 'applicant', 'admin'];

interface Role {
  name: RoleName;
  email?: string;
  password?: string;
  /** The Cookie header of the role's current session; empty for the anonymous caller. */
  cookie: string;
}

interface FuzzRequest {
  role: RoleName;
  ip: string;
  method: string;
  url: string;
  /** Every header but the cookie, which is built when the request is sent (sessions get renewed). */
  headers: Record<string, string>;
  cookie: { mode: CookieMode; junk: string };
  body?: string | FormData;
  /** What was done to the request, for the report. */
  note: string;
}

interface Problem {
  kind: '5xx' | 'error-shape' | 'write-on-refusal' | 'unparseable';
  op: string;
  detail: string;
}

// ---------------------------------------------------------------------------------------------------
// Hostile values

/** Any UTF-16 code unit, with surrogate halves and NUL far more likely than by chance. */
const codeUnit = fc
  .oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.constant(0))
  .map((n) => String.fromCharCode(n));

const LONG_STRINGS = [
  'A'.repeat(100_000),
  'ğ'.repeat(50_000),
  '😀'.repeat(25_000),
  'a\u0000'.repeat(50_000),
  // Just past the schema limits, below the JSON body limit, so the schemas (not the body limit) answer.
  'x'.repeat(255),
  'x'.repeat(2_001),
  'x'.repeat(5_001),
  'x'.repeat(10_001),
  'y'.repeat(40_000),
];

const ODD_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  'test\u0000@example.com',
  '\ud800',
  'x\udfff',
  '\udbff\udbff',
  '\ud83d',
  '\ufeff',
  '\u202eevil',
  '\u200b',
  'İıŞşĞğÜüÖöÇç',
  '😀👍🏽🇹🇷',
  '👨‍👩‍👧',
  '𠮷',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e400',
  'NaN',
  "' OR 1=1 --",
  "'); drop table users; --",
  '%',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}{{7*7}}',
  '\r\n\r\nX-Injected: 1',
  '\\',
  '"',
  '__proto__',
  'a@b',
  '@',
  'Wyoming\u0000',
  '9007199254740993',
  '99999999999999999999',
  '1e21',
  '-0',
  '0x10',
  '2147483648',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...LONG_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

const deepArray = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0,
      1e308,
      -1e308,
      5e-324,
      Number.MAX_SAFE_INTEGER + 2,
      [],
      {},
      [null],
      ['a', 'b'],
      { nested: { deeper: {} } },
      deepArray,
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a body should never get to act on. */
const sneakyKey = fc.constantFrom(
  'role',
  'userId',
  'id',
  'isAdmin',
  'emailVerified',
  'constructor',
  'prototype',
  'formationStatus',
  'paymentStatus',
  'einStatus',
  '',
  '\u0000',
  'x'.repeat(1000),
);

/** Whole bodies that are not what any route expects. */
const RAW_BODIES = [
  '',
  '{',
  '}',
  '[',
  'null',
  'true',
  '"text"',
  '42',
  '[]',
  '{"a":1e400}',
  '{"page": 1e400}',
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"a":01}',
  "{'a':1}",
  '[1,2,3,]',
  '['.repeat(10_000),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'A'.repeat(100_000)}"}`,
  'x'.repeat(100_000),
];

// ---------------------------------------------------------------------------------------------------
// Values from the OpenAPI schemas

type JsonSchema = Record<string, any>;

/** Values the schemas' refinements want, so some derived requests get past them. */
function samplesFor(name: string): string[] {
  const n = name.toLowerCase();
  if (n.includes('email')) {
    // The roles' own addresses too, so some sign-ins succeed and some sign-ups meet EMAIL_TAKEN.
    const mine = [...roles.values()].flatMap((r) => (r.email ? [r.email] : []));
    return ['ayse@example.com', 'ADMIN@EXAMPLE.COM', ' padded@example.com ', ...mine];
  }
  // The account page's current password is never the right one here: a fuzzed password change that
  // succeeded would leave a role whose password nobody knows, and its sessions could not be restored.
  // account.test.ts covers the changes that succeed.
  if (n === 'currentpassword') return ['not-the-current-password1'];
  if (n.includes('password')) return [GOOD_PASSWORD, 'adminpassword'];
  if (n === 'state' || n.startsWith('state')) return ['Wyoming', 'Delaware', 'Florida', US_STATES[7]];
  if (n.includes('phone')) return ['+90 532 123 45 67', '(555) 123-4567'];
  if (n.includes('ssn')) return ['123-45-6789', '123456789'];
  if (n.includes('name')) return ['Ayşe Yılmaz', 'Anadolu Yazılım LLC'];
  if (n === 'admincode') return ['test-admin-code-123', 'wrong-code'];
  if (n === 'token') return ['abcdef123456', 'x'];
  if (n === 'q') return ['ayse', 'İSTANBUL', '%_'];
  if (n === 'lang') return ['tr', 'en', 'de'];
  return [];
}

function deref(schema: JsonSchema | undefined, doc: JsonSchema): JsonSchema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components?.schemas?.[String(s.$ref).split('/').pop() as string];
  return s;
}

function stringFor(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const max = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const options: fc.WeightedArbitrary<string>[] = [
    {
      weight: 4,
      arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max ?? 24, 24)) }),
    },
  ];
  const samples = samplesFor(name);
  if (samples.length) options.push({ weight: 6, arbitrary: fc.constantFrom(...samples) });
  if (s.format === 'email') options.push({ weight: 4, arbitrary: fc.emailAddress() });
  if (max !== undefined && max < 20_000) {
    options.push({ weight: 1, arbitrary: fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1)) });
  }
  return fc.oneof(...options);
}

function fromSchema(schema: JsonSchema | undefined, doc: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema, doc);
  if (!s || depth > 5) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && alternatives.length) {
    return fc.oneof(...alternatives.map((a: JsonSchema) => fromSchema(a, doc, name, depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length) {
    const merged = Object.assign({}, ...s.allOf.map((a: JsonSchema) => deref(a, doc)));
    delete merged.allOf;
    return fromSchema(merged, doc, name, depth + 1);
  }
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...s, type }, doc, name, depth)));
  switch (types[0]) {
    case 'string':
      return stringFor(s, name);
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : Math.max(min + 1000, 1000);
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum, max: s.maximum });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(s.items, doc, name, depth + 1), { maxLength: 3 });
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries<JsonSchema>(s.properties ?? {})) {
        props[key] = fromSchema(sub, doc, key, depth + 1);
      }
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Sign-up and reset bodies get past the "Passwords do not match" rule, so the code behind it runs. */
function confirmSamePassword(value: unknown): unknown {
  const v = value as Record<string, unknown> | null;
  if (v && typeof v === 'object' && 'password' in v && 'confirmPassword' in v) {
    return { ...v, confirmPassword: v.password };
  }
  return value;
}

/** A derived object with one of the things done to it that clients do by mistake or on purpose. */
function spoilObject(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ value: unknown; note: string; proto: boolean }> {
  return fc
    .record({
      value: valid,
      how: fc.constantFrom('as-derived', 'replace', 'replace', 'replace', 'drop', 'extra', 'whole', 'replace-all'),
      pick: fc.nat(),
      hostile: hostileValue,
      extraKey: sneakyKey,
      proto: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    })
    .map(({ value, how, pick, hostile, extraKey, proto }) => {
      if (how === 'whole') return { value: hostile, note: 'whole body replaced', proto: false };
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return { value, note: how, proto };
      }
      const obj = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(obj);
      const key = keys.length ? keys[pick % keys.length] : undefined;
      switch (how) {
        case 'replace':
          if (key) obj[key] = hostile;
          return { value: obj, note: key ? `${key} replaced` : 'empty object', proto };
        case 'replace-all':
          for (const k of keys) obj[k] = hostile;
          return { value: obj, note: 'every field replaced', proto };
        case 'drop':
          if (key) delete obj[key];
          return { value: obj, note: key ? `${key} dropped` : 'empty object', proto };
        case 'extra':
          Object.defineProperty(obj, extraKey, {
            value: hostile,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          return { value: obj, note: `extra field ${JSON.stringify(extraKey.slice(0, 20))}`, proto };
        default:
          return { value: obj, note: 'as derived', proto };
      }
    });
}

/** Percent-encodes code units one by one, so lone surrogates and NUL reach the server as sent. */
function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      // A lone surrogate: send the bytes a careless client would (CESU-8), which no decoder accepts.
      const code = ch.charCodeAt(0);
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    }
  }
  return out;
}

const RAW_SEGMENTS = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', '%2E%2E', '%FF%FE'];

// ---------------------------------------------------------------------------------------------------
// Headers

/** Header values must be byte strings without NUL, CR or LF, or the Request cannot even be built. */
const headerGarbage = fc.oneof(
  fc.constantFrom(
    '*',
    ';;;,,,',
    'tr-TR,tr;q=0.9,en;q=abc',
    'en;q=1e400, tr;q=-1',
    'x'.repeat(8000),
    '\u00ff\u00fe',
    '=',
    'a=b=c; ;;',
    '%',
    '%E0%A4%A',
    '"quoted"',
    '.....',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((n) => String.fromCharCode(n)), maxLength: 60 }),
);

type CookieMode = 'role' | 'garbage' | 'garbage-and-role' | 'bad-signature' | 'none';
const cookieMode: fc.Arbitrary<CookieMode> = fc.oneof(
  { weight: 20, arbitrary: fc.constant('role' as const) },
  { weight: 1, arbitrary: fc.constant('garbage' as const) },
  { weight: 1, arbitrary: fc.constant('garbage-and-role' as const) },
  { weight: 1, arbitrary: fc.constant('bad-signature' as const) },
  { weight: 1, arbitrary: fc.constant('none' as const) },
);

const contentTypeFor = fc.oneof(
  { weight: 14, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=zzz',
      'application/json; charset=utf-16',
      'application/JSON',
      'application/merge-patch+json',
      'application/xml',
      '',
      'garbage/\u00ff',
    ),
  },
);

const originFor = fc.oneof(
  { weight: 18, arbitrary: fc.constant(ORIGIN) },
  { weight: 1, arbitrary: fc.constantFrom('', 'http://evil.example', 'null') },
);

// ---------------------------------------------------------------------------------------------------

interface Operation {
  method: string;
  path: string;
  spec: JsonSchema;
}

function operationsOf(doc: JsonSchema): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries<JsonSchema>(doc.paths ?? {})) {
    for (const [method, spec] of Object.entries<JsonSchema>(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        ops.push({ method: method.toUpperCase(), path: p, spec });
    }
  }
  return ops;
}

function parameters(op: Operation, where: 'path' | 'query', doc: JsonSchema): JsonSchema[] {
  return (op.spec.parameters ?? []).map((p: JsonSchema) => deref(p, doc)).filter((p: JsonSchema) => p?.in === where);
}

/** Seeds per operation, so one operation's failure reproduces alone with the same FUZZ_SEED. */
function seedFor(op: Operation): number {
  let h = SEED >>> 0;
  for (const ch of `${op.method} ${op.path}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h | 0;
}

const roles = new Map<RoleName, Role>();
/** Values that make derived paths hit real rows: the applicant's application and stored files. */
const known: { applicationId: string; fileKeys: string[] } = { applicationId: '', fileKeys: [] };
let ipCounter = 0;
const stats = {
  sent: 0,
  unsendable: 0,
  refused: 0,
  refusedChecked: 0,
  sessionsRestored: 0,
  byStatus: new Map<number, number>(),
};
const problems: Problem[] = [];
/** FUZZ_VERBOSE=1 prints these: how deep each operation's requests got (200s and 409s, not only 400s). */
const statusesByOperation = new Map<string, Record<number, number>>();

/** A fresh address for every request, so the rate limits (429s are fine) never hide the rest of a run. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function signInAgain(role: Role) {
  const c = t.client({ ip: nextIp() });
  // The admin has a second factor (signUpAdmin enrols it): the helper gives the code too. A full walk
  // (`npm run fuzz`) signs it out far more often than one authenticator has unused codes.
  if (hasKnownFactor(role.email as string)) await forgetUsedCodes(t, role.email as string);
  const res = await signInFully(c, role.email as string, role.password as string);
  if (res.status !== 200)
    throw new Error(`re-sign-in of ${role.name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  role.cookie = cookieOf(c);
}

/** Fuzzed sign-outs end the roles' own sessions; sign them in again. True when any was. */
async function restoreSessions(): Promise<boolean> {
  let restored = false;
  for (const name of SIGNED_IN) {
    const role = roles.get(name) as Role;
    const res = await t.app.request(`${ORIGIN}/api/me`, { headers: { cookie: role.cookie } });
    if (res.status !== 200) {
      await signInAgain(role);
      stats.sessionsRestored += 1;
      restored = true;
    }
  }
  return restored;
}

let countTables: () => Promise<Record<string, number>>;

async function countRows(): Promise<Record<string, number>> {
  return { ...(await countTables()), '(stored files)': storedFileCount() };
}

function storedFileCount(): number {
  return storedFiles(t.deps.env.DATA_DIR).length;
}

/**
 * A browser's worth of requests in flight at once: the server's awaits (database, crypto) overlap,
 * which a sequential loop would leave idle, and concurrent requests are part of what it must survive.
 */
async function inParallel<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

function clip(value: unknown, max = 240): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

const COOKIE_NOTES: Record<CookieMode, string> = {
  role: '',
  garbage: 'garbage session cookie',
  'garbage-and-role': 'garbage session cookie beside the real one',
  'bad-signature': 'session cookie with a forged signature',
  none: 'no cookie',
};

/** The Cookie header as of now: the role's current session, or junk in its place or beside it. */
function cookieHeader(r: FuzzRequest, session: string): string | undefined {
  const junk = `${SESSION_COOKIE}=junk${r.cookie.junk}`;
  switch (r.cookie.mode) {
    case 'role':
      return session || undefined;
    case 'garbage':
      return junk;
    case 'garbage-and-role':
      return session ? `${junk}; ${session}` : junk;
    case 'bad-signature':
      return session ? session.replace(/(session_token=[^.;]+)\.[^;]*/, '$1.forged') : `${SESSION_COOKIE}=abc.forged`;
    default:
      return undefined;
  }
}

function describeRequest(r: FuzzRequest): string {
  const body =
    r.body instanceof FormData
      ? `FormData(${clip([...r.body.entries()].map(([k, v]) => [k, String(v)]))})`
      : clip(r.body ?? '');
  const cookie = cookieHeader(r, r.role === 'anonymous' ? '' : `<${r.role} session>`);
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, clip(v, 80)]));
  if (cookie) headers.cookie = clip(cookie, 80);
  return `${r.method} ${clip(r.url, 200)} as ${r.role} from ${r.ip} [${r.note}] headers=${JSON.stringify(headers)} body=${body}`;
}

function errorShapeProblem(body: unknown): string | null {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== 'object') return 'no error object';
  if (typeof error.code !== 'string' || !error.code) return 'error.code is not a non-empty string';
  if (typeof error.message !== 'string' || !error.message.trim()) return 'error.message is not a non-empty string';
  if (error.fields !== undefined) {
    const f = error.fields;
    if (!f || typeof f !== 'object' || Array.isArray(f)) return 'error.fields is not a record';
    if (!Object.values(f).every((v) => typeof v === 'string')) return 'error.fields has a non-string value';
  }
  return null;
}

async function send(op: Operation, r: FuzzRequest): Promise<number | null> {
  let req: Request;
  try {
    const headers = { ...r.headers };
    const cookie = cookieHeader(r, (roles.get(r.role) as Role).cookie);
    if (cookie) headers.cookie = cookie;
    req = new Request(`${ORIGIN}${r.url}`, { method: r.method, headers, body: r.body });
  } catch {
    // A header value fetch refuses to send (only byte strings without NUL, CR, LF): no server sees it.
    stats.unsendable += 1;
    return null;
  }
  // The socket address is what the server trusts (TRUST_PROXY is off), as for a real connection.
  const res = await t.app.request(req, undefined, { incoming: { socket: { remoteAddress: r.ip } } });
  stats.sent += 1;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const text = await res.text();
  const opName = `${op.method} ${op.path}`;
  const perOp = statusesByOperation.get(opName) ?? {};
  perOp[res.status] = (perOp[res.status] ?? 0) + 1;
  statusesByOperation.set(opName, perOp);
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push({ kind: 'unparseable', op: opName, detail: `${describeRequest(r)} → ${res.status} ${clip(text)}` });
    }
  }
  if (res.status >= 500) {
    problems.push({ kind: '5xx', op: opName, detail: `${describeRequest(r)} → ${res.status} ${clip(body, 400)}` });
  } else if (res.status >= 400 && new URL(req.url).pathname.startsWith('/api/')) {
    // Only for API paths: a URL parser folds `%2E%2E` segments, so `/api/files/%2E%2E/%2E%2E` arrives
    // as `/`, which is the web app's (absent in tests), not the API's.
    const shape = errorShapeProblem(body);
    if (shape)
      problems.push({
        kind: 'error-shape',
        op: opName,
        detail: `${shape}: ${describeRequest(r)} → ${res.status} ${clip(body)}`,
      });
  }
  return res.status;
}

function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const opPath = op.path;
  const pathParams = parameters(op, 'path', doc);
  const queryParams = parameters(op, 'query', doc);
  const content = op.spec.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const multipartSchema = deref(content['multipart/form-data']?.schema, doc);
  const isWrite = op.method !== 'GET';

  const roleArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant<RoleName>('anonymous') },
    {
      weight: opPath.startsWith('/api/admin') ? 2 : 4,
      arbitrary: fc.constantFrom<RoleName>('newcomer', 'completed', 'applicant'),
    },
    { weight: opPath.startsWith('/api/admin') ? 6 : 2, arbitrary: fc.constant<RoleName>('admin') },
  );

  const segment = (param: JsonSchema) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant('<known>') },
      { weight: 2, arbitrary: fromSchema(param.schema, doc, param.name).map((v) => encodeSegment(String(v))) },
      { weight: 3, arbitrary: hostileString.map(encodeSegment) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    );

  const pathArb = fc.tuple(...pathParams.map(segment), fc.nat()).map((values) => {
    const pick = values.pop() as number;
    let p = opPath;
    pathParams.forEach((param, i) => {
      let v = values[i] as string;
      if (v === '<known>') {
        if (param.name === 'id') v = known.applicationId;
        else {
          const key = known.fileKeys[pick % Math.max(known.fileKeys.length, 1)] ?? 'articles_of_org/x_1.pdf';
          v = param.name === 'folder' ? key.split('/')[0] : key.split('/')[1];
        }
      }
      p = p.replace(`{${param.name}}`, v);
    });
    return p;
  });

  const queryArb = fc
    .record({
      values: fc.tuple(
        ...queryParams.map((param) =>
          fc.oneof(
            {
              weight: 8,
              arbitrary: fromSchema(param.schema, doc, param.name).map((v) => [param.name, String(v)] as const),
            },
            { weight: 2, arbitrary: hostileString.map((v) => [param.name, v] as const) },
            { weight: 1, arbitrary: fc.constant([param.name, ''] as const) },
            { weight: 3, arbitrary: fc.constant(null) },
          ),
        ),
      ),
      extra: fc.option(
        fc.tuple(
          fc.constantFrom('lang', 'page', 'x', '__proto__', 'pageSize'),
          hostileString.filter((s) => s.length < 3000),
        ),
        { freq: 4 },
      ),
      repeat: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    })
    .map(({ values, extra, repeat }) => {
      const parts: string[] = [];
      for (const v of values) if (v) parts.push(`${encodeSegment(v[0])}=${encodeSegment(v[1])}`);
      if (extra) parts.push(`${encodeSegment(extra[0])}=${encodeSegment(extra[1])}`);
      if (repeat && parts.length) parts.push(parts[0]);
      return parts.length ? `?${parts.join('&')}` : '';
    });

  type BodyPart = { body?: string | FormData; contentType?: string; note: string };
  let bodyArb: fc.Arbitrary<BodyPart>;
  if (multipartSchema) {
    const textFields = Object.entries<JsonSchema>(multipartSchema.properties ?? {}).filter(
      ([, s]) => s.format !== 'binary',
    );
    const formArb = fc
      .tuple(
        ...textFields.map(([name, s]) =>
          fc.oneof(
            { weight: 3, arbitrary: fromSchema(s, doc, name).map(String) },
            { weight: 2, arbitrary: hostileString },
            { weight: 1, arbitrary: fc.constant(undefined) },
          ),
        ),
      )
      .map((values) => {
        const form = new FormData();
        textFields.forEach(([name], i) => {
          if (values[i] !== undefined) form.append(name, values[i] as string);
        });
        return { body: form, note: 'text fields only, no files' } as BodyPart;
      });
    bodyArb = fc.oneof(
      { weight: 4, arbitrary: formArb },
      {
        weight: 3,
        arbitrary: fc.constantFrom<BodyPart>(
          { body: '', contentType: 'multipart/form-data; boundary=b', note: 'empty multipart' },
          {
            body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nab',
            contentType: 'multipart/form-data; boundary=b',
            note: 'truncated multipart',
          },
          {
            body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n',
            contentType: 'multipart/form-data; boundary=b',
            note: 'unterminated file part',
          },
          { body: 'garbage', contentType: 'multipart/form-data', note: 'multipart without boundary' },
          { body: '--zz\r\n\r\n--zz--', contentType: 'multipart/form-data; boundary=b', note: 'wrong boundary' },
          { body: '{"file":"x"}', contentType: 'application/json', note: 'JSON instead of multipart' },
          { body: 'a=b', contentType: 'application/x-www-form-urlencoded', note: 'urlencoded instead of multipart' },
          { body: undefined, note: 'no body' },
        ),
      },
    );
  } else if (jsonSchema) {
    bodyArb = fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .tuple(spoilObject(fromSchema(jsonSchema, doc).map(confirmSamePassword)), contentTypeFor)
          .map(([{ value, note, proto }, ct]) => {
            let text = JSON.stringify(value) ?? 'null';
            if (proto && text.startsWith('{')) {
              // JSON.stringify cannot write an own __proto__ key; a hostile client can.
              text = `{"__proto__":{"role":"admin","isAdmin":true},${text.length > 2 ? text.slice(1) : '}'}`;
              note += ' + __proto__';
            }
            return {
              body: text,
              contentType: ct,
              note: ct === 'application/json' ? note : `${note}, Content-Type ${ct}`,
            };
          }),
      },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom(...RAW_BODIES)
          .map((b) => ({ body: b, contentType: 'application/json', note: 'raw body' })),
      },
      { weight: 1, arbitrary: fc.constant<BodyPart>({ body: undefined, note: 'no body' }) },
    );
  } else if (isWrite) {
    bodyArb = fc.oneof(
      { weight: 3, arbitrary: fc.constant<BodyPart>({ body: undefined, note: 'no body' }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...RAW_BODIES)
          .map((b) => ({ body: b, contentType: 'application/json', note: 'unexpected body' })),
      },
    );
  } else {
    bodyArb = fc.constant({ body: undefined, note: '' });
  }

  return fc
    .record({
      role: roleArb,
      path: pathArb,
      query: queryArb,
      body: bodyArb,
      cookie: cookieMode,
      cookieJunk: headerGarbage,
      acceptLanguage: fc.option(headerGarbage, { freq: 3 }),
      origin: originFor,
      langParam: fc.option(fc.constantFrom('tr', 'en', 'xx', '', '%00'), { freq: 8 }),
    })
    .map((g) => {
      const headers: Record<string, string> = {};
      const notes = [g.body.note];
      if (g.cookie !== 'role') notes.push(COOKIE_NOTES[g.cookie]);
      if (g.acceptLanguage !== null) {
        headers['accept-language'] = g.acceptLanguage;
        notes.push('garbage Accept-Language');
      }
      if (isWrite && g.origin) headers.origin = g.origin;
      if (isWrite && g.origin !== ORIGIN) notes.push(`Origin ${JSON.stringify(g.origin)}`);
      if (g.body.contentType !== undefined && g.body.contentType !== '') headers['content-type'] = g.body.contentType;
      let url = `${g.path}${g.query}`;
      if (g.langParam !== null) url += `${url.includes('?') ? '&' : '?'}lang=${g.langParam}`;
      return {
        role: g.role,
        ip: nextIp(),
        method: op.method,
        url,
        headers,
        cookie: { mode: g.cookie, junk: g.cookieJunk },
        body: isWrite ? g.body.body : undefined,
        note: notes.filter(Boolean).join(', '),
      } satisfies FuzzRequest;
    });
}

// ---------------------------------------------------------------------------------------------------

// Top level, so the operations are known when the tests are collected (one test per operation).
// No Stripe keys: checkout opens the local test checkout, so it answers 200 like a configured portal.
const t: TestApp = await createTestApp();
const doc: JsonSchema = (await t.client().get('/api/openapi.json')).body;
const operations = operationsOf(doc);

beforeAll(async () => {
  console.log(`fuzz: seed=${SEED} runs=${RUNS} per operation (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to repeat)`);

  const { applicant, completedCustomer } = helpers(() => t);
  const a = await applicant();
  const c = await completedCustomer();
  const n = await signedInCustomer(t);
  const adminClient = t.client();
  const { res, email: adminEmail } = await signUpAdmin(adminClient);
  expect(res.status).toBe(201);
  const { rows: newcomer } = (await t.deps.database.db.execute(
    sql`select email from users where id = ${n.id}`,
  )) as unknown as {
    rows: { email: string }[];
  };
  const newcomerEmail = newcomer[0].email;

  roles.set('anonymous', { name: 'anonymous', cookie: '' });
  roles.set('applicant', { name: 'applicant', email: a.email, password: GOOD_PASSWORD, cookie: cookieOf(a.c) });
  roles.set('completed', { name: 'completed', email: c.email, password: GOOD_PASSWORD, cookie: cookieOf(c.c) });
  roles.set('newcomer', { name: 'newcomer', email: newcomerEmail, password: GOOD_PASSWORD, cookie: cookieOf(n.c) });
  // signUpAdmin's password.
  roles.set('admin', { name: 'admin', email: adminEmail, password: 'adminpassword', cookie: cookieOf(adminClient) });

  known.applicationId = a.application.id;
  const { rows: files } = (await t.deps.database.db.execute(sql`select file_path from documents`)) as unknown as {
    rows: { file_path: string }[];
  };
  known.fileKeys = files.map((f) => f.file_path);

  countTables = await tableCounter(t.deps.database.db);
}, 120_000);

afterAll(async () => {
  console.log(
    `fuzz: ${stats.sent} requests sent (${stats.unsendable} not sendable), ${stats.refused} refused of which ` +
      `${stats.refusedChecked} in batches checked for writes; ${stats.sessionsRestored} role sessions signed in ` +
      `again; statuses ${JSON.stringify(Object.fromEntries([...stats.byStatus].sort((x, y) => x[0] - y[0])))}`,
  );
  if (process.env.FUZZ_VERBOSE) {
    for (const [op, counts] of statusesByOperation) console.log(`fuzz: ${op} ${JSON.stringify(counts)}`);
  }
  await t.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it("names in the features' fuzz rules only operations of the document", () => {
    // A renamed route would otherwise drop its rule without a word, and its refusals would fail the walk.
    const names = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const named = [...REFUSAL_WRITES.keys(), ...RECORDED_DOWNLOADS];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !names.has(n))).toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: no 5xx, error bodies as documented, nothing written by refusals',
    async (name, op) => {
      const before = problems.length;
      const isMultipart = !!op.spec.requestBody?.content?.['multipart/form-data'];
      const requests = fc.sample(requestsFor(op), { numRuns: isMultipart ? MULTIPART_RUNS : RUNS, seed: seedFor(op) });

      let counts = await countRows();
      for (let i = 0; i < requests.length; i += BATCH) {
        const batch = requests.slice(i, i + BATCH);
        const statuses = await inParallel(batch, (r) => send(op, r));
        const answered = statuses.filter((s): s is number => s !== null);
        const refused = answered.filter((s) => s >= 400).length;
        // A GET that succeeds writes nothing either, so it does not spoil the batch's check (but for
        // the data copies, which a successful download records and mails).
        const allRefused = answered.every((s) => s >= 400 || (op.method === 'GET' && !RECORDED_DOWNLOADS.has(name)));
        stats.refused += refused;
        const after = await countRows();
        if (allRefused) {
          stats.refusedChecked += refused;
          // A feature's own refusals that write on purpose (its <f>.fuzz.ts).
          const allowed = new Set([...WRITES_ALLOWED_WHEN_REFUSED, ...(REFUSAL_WRITES.get(name) ?? [])]);
          const changed = changedTables(counts, after, allowed);
          if (changed.length) {
            problems.push({
              kind: 'write-on-refusal',
              op: name,
              detail: `rows changed in ${changed.join(', ')} by a batch of refused requests:\n  ${batch.map(describeRequest).join('\n  ')}`,
            });
          }
        }
        counts = after;
        if (op.path.startsWith('/api/auth/') && answered.some((s) => s < 400) && (await restoreSessions())) {
          counts = await countRows();
        }
      }

      const mine = problems.slice(before);
      // One example per kind of failure is enough to reproduce it; the count says how common it is.
      const grouped = new Map<string, { n: number; example: string }>();
      for (const p of mine) {
        const key = `${p.kind} ${p.detail.match(/→ (\d+) .{0,60}/)?.[0] ?? ''}`;
        const g = grouped.get(key) ?? { n: 0, example: p.detail };
        g.n += 1;
        grouped.set(key, g);
      }
      const report = [...grouped].map(([k, g]) => `${g.n}× ${k}\n  e.g. ${g.example}`).join('\n');
      expect(mine.length, `${name} (FUZZ_SEED=${SEED}):\n${report}`).toBe(0);
    },
    // Generous per operation: the sign-in and sign-up routes hash passwords, slow by design.
    Math.max(120_000, RUNS * 150),
  );
});
