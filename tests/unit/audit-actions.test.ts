import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/shared/features/audit/audit.domain';
import { translate } from '../../src/shared/i18n';

/** Every .ts file under src/server but the tests. */
function serverFiles(dir = 'src/server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') && !entry.name.includes('fixtures')
      ? [full]
      : [];
  });
}

/**
 * The action names the server writes: literal `action: 'a.b'` (and both sides of a conditional there),
 * the EIN desk's changeApplicationRow(…, 'ein.x', …), and the order closer's `order.${status}`.
 */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of serverFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const line of text.split('\n')) {
      if (/\baction: /.test(line) || /changeApplicationRow\(/.test(line)) {
        for (const m of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.set(m[1], file);
      }
    }
    if (/action: `order\.\$\{status\}`/.test(text)) {
      for (const status of ['failed', 'cancelled']) found.set(`order.${status}`, file);
    }
  }
  return found;
}

describe('audit action names', () => {
  it('lists every action the server writes, so /admin/audit can filter and label it', () => {
    const missing = [...writtenActions()].filter(([action]) => !(AUDIT_ACTIONS as readonly string[]).includes(action));
    expect(missing.map(([a, f]) => `${a} (${f})`)).toEqual([]);
  });

  it('finds the ones it knows are written (the scan itself works)', () => {
    const written = writtenActions();
    for (const action of [
      'ein.ssn_revealed',
      'staff.deactivated',
      'ein.notes_saved',
      'order.failed',
      'service.deleted',
    ]) {
      expect(written.has(action), action).toBe(true);
    }
  });

  it('labels each in both languages', () => {
    for (const lang of ['tr', 'en'] as const) {
      const missing = AUDIT_ACTIONS.filter((a) => translate(lang, `adminAudit.actions.${a}`).includes('adminAudit'));
      expect(missing, lang).toEqual([]);
    }
  });
});
