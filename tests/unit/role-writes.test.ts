import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0067: an existing account gets a staff role (or another one) only through grantStaffRole,
 * which ends every credential the account had in the same transaction. No other server code may write
 * `users.role`; an account's role at birth is its insert's (accounts.service.ts), which is no update.
 */
const THE_ONE_WRITER = path.join('src', 'server', 'features', 'staff', 'staff-grant.service.ts');

function serverFiles(dir = path.join('src', 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Each `.update(users)…set(…)` up to its `.where(`, and each raw `update users set …` statement. */
function roleWrites(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\.update\(\s*users\s*\)([\s\S]*?)\.where\(/g)) {
    if (/[{,]\s*role\s*[:,}]/.test(m[1])) found.push(m[0]);
  }
  for (const m of text.matchAll(/update\s+"?users"?\s+set\s[^;`]*/gi)) {
    if (/\brole\b/i.test(m[0])) found.push(m[0]);
  }
  // better-auth's own writer of user rows.
  for (const m of text.matchAll(/updateUser(?:ByEmail)?\(([^)]*)\)/g)) {
    if (/\brole\b/.test(m[1])) found.push(m[0]);
  }
  return found;
}

describe('who writes users.role', () => {
  it('recognises the shapes it looks for', () => {
    expect(
      roleWrites('await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));'),
    ).toHaveLength(1);
    expect(roleWrites("db.update(users).set({ name: 'x', role: 'owner' }).where(x)")).toHaveLength(1);
    expect(roleWrites("sql`update users set role = 'owner' where id = :id`")).toHaveLength(1);
    expect(roleWrites('tx.update(users).set({ deactivatedAt: null, updatedAt: now }).where(x)')).toEqual([]);
  });

  it('is grantStaffRole alone, so every grant ends the earlier credentials', () => {
    const offenders = serverFiles()
      .filter((file) => file !== THE_ONE_WRITER)
      .flatMap((file) => roleWrites(readFileSync(file, 'utf8')).map((write) => `${file}: ${write.slice(0, 80)}`));
    expect(offenders).toEqual([]);
    expect(roleWrites(readFileSync(THE_ONE_WRITER, 'utf8'))).toHaveLength(1);
  });
});
