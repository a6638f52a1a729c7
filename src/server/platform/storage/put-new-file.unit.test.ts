import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDiskStorage } from './disk-storage';
import { storeThenRecord } from './put-new-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function deps() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'put-new-file-'));
  dirs.push(dir);
  return { storage: createDiskStorage(dir), logger: { error: vi.fn() } };
}

const FILE = {
  folder: 'business_license' as const,
  userId: 'u1',
  kind: 'png' as const,
  data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  contentType: 'image/png',
};

describe('storeThenRecord', () => {
  it('keeps the file when the record commits, and answers what the record answered', async () => {
    const d = deps();
    let stored = '';
    const result = await storeThenRecord(d, FILE, async (key) => {
      stored = key;
      return 'row';
    });
    expect(result).toBe('row');
    expect(stored).toMatch(/^business_license\/u1_\d+\.png$/);
    expect(await d.storage.exists(stored)).toBe(true);
  });

  it('removes the file when the record fails, and rethrows the original error', async () => {
    const d = deps();
    let stored = '';
    const failure = new Error('transaction failed');
    await expect(
      storeThenRecord(d, FILE, async (key) => {
        stored = key;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await d.storage.exists(stored)).toBe(false);
    expect(d.logger.error).not.toHaveBeenCalled();
  });
});
