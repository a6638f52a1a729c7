import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dailyBackupName, pruneBackups } from './backup';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-prune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('BACKUP_KEEP (decisions 0049, 0071)', () => {
  it('keeps the newest daily archives, ages out the old plaintext ones, and leaves every other file alone', () => {
    // A plaintext daily archive of before decision 0071 counts as its day's archive.
    writeFileSync(path.join(dir, 'portal-2025-12-31.tar.gz'), 'plain');
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']) {
      writeFileSync(path.join(dir, dailyBackupName(day)), day);
    }
    writeFileSync(path.join(dir, 'manual-before-upgrade.tar.gz.age'), 'x');
    expect(dailyBackupName('2026-01-01')).toBe('portal-2026-01-01.tar.gz.age');
    expect(pruneBackups(dir, 2).sort()).toEqual([
      'portal-2025-12-31.tar.gz',
      'portal-2026-01-01.tar.gz.age',
      'portal-2026-01-02.tar.gz.age',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'manual-before-upgrade.tar.gz.age',
      'portal-2026-01-03.tar.gz.age',
      'portal-2026-01-04.tar.gz.age',
    ]);
    expect(pruneBackups(dir, 2)).toEqual([]);
  });
});
