import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHasher } from './password-hash.service';

// A full-work hash is a tenth of a second of a core on a quiet machine, seconds on a busy one.
describe('password hashing', { timeout: 60_000 }, () => {
  const full = passwordHasher('full');

  it("is better-auth's own scheme at full work: each verifies the other's hashes", async () => {
    const ours = await full.hash('Şifre-1234');
    expect(await verifyPassword({ hash: ours, password: 'Şifre-1234' })).toBe(true);
    const theirs = await hashPassword('Şifre-1234');
    expect(await full.verify({ hash: theirs, password: 'Şifre-1234' })).toBe(true);
    expect(await full.verify({ hash: theirs, password: 'Şifre-1235' })).toBe(false);
  });

  it('normalises the password (NFKC) as better-auth does, and refuses a malformed hash', async () => {
    const hash = await full.hash('ﬁle-9'); // the "fi" ligature: NFKC makes it "file-9"
    expect(await full.verify({ hash, password: 'file-9' })).toBe(true);
    expect(await full.verify({ hash: 'no-colon', password: 'file-9' })).toBe(false);
  });

  it('at test work is another key: a test hash does not verify at full work', async () => {
    const test = passwordHasher('test');
    const hash = await test.hash('Password123');
    expect(await test.verify({ hash, password: 'Password123' })).toBe(true);
    expect(await full.verify({ hash, password: 'Password123' })).toBe(false);
  });
});
