import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dailyBackupName, pruneBackups } from './backup';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-prune-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('BACKUP_KEEP (decision 0049)', () => {
  it('keeps the newest daily archives and leaves every other file alone', () => {
    for (const day of ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']) {
      writeFileSync(path.join(dir, dailyBackupName(day)), day);
    }
    writeFileSync(path.join(dir, 'manual-before-upgrade.tar.gz'), 'x');
    expect(pruneBackups(dir, 2).sort()).toEqual(['portal-2026-01-01.tar.gz', 'portal-2026-01-02.tar.gz']);
    expect(readdirSync(dir).sort()).toEqual([
      'manual-before-upgrade.tar.gz',
      'portal-2026-01-03.tar.gz',
      'portal-2026-01-04.tar.gz',
    ]);
    expect(pruneBackups(dir, 2)).toEqual([]);
  });
});
