import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * How much work one password hash costs. `full` is better-auth's own scheme exactly
 * (@better-auth/utils/password: scrypt N=16384, r=16, p=1, 64 bytes, the password NFKC-normalised,
 * stored as "salt:key" in hex), so hashes made before and after this module verify alike. `test`
 * is the same scheme at a sixteenth of the work, for NODE_ENV=test only: the suite signs up and in
 * thousands of times on a two-core machine, and each full hash is 32 MB and ~0.1 s of a core
 * (decision 0045). A hash never says its cost, so a test database's hashes do not verify elsewhere.
 */
export type PasswordWork = 'full' | 'test';

const PARAMS: Record<PasswordWork, { N: number; r: number; p: number }> = {
  full: { N: 16384, r: 16, p: 1 },
  test: { N: 1024, r: 16, p: 1 },
};
const KEY_BYTES = 64;

function derive(password: string, salt: string, work: PasswordWork): Promise<Buffer> {
  const { N, r, p } = PARAMS[work];
  return new Promise((resolve, reject) => {
    // node:crypto's scrypt runs on libuv's thread pool, so a sign-in never blocks the event loop.
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** better-auth's `emailAndPassword.password` hooks at the given work. */
export function passwordHasher(work: PasswordWork) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await derive(password, salt, work)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await derive(password, salt, work);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
