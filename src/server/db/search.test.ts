import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../tests/support/api-test';
import { searchText } from '../../../tests/support/search-text';
import type { TestApp, TestClient } from '../../../tests/support/test-app';
import { testEngine } from '../../../tests/support/test-db';
import { foldTurkish } from '../../shared/domain/search';
import { helpers } from '../features/ein/ein.fixtures';
import { users } from './schema';
import { foldedContains } from './search';

const test = apiTest;
let t: TestApp;
let admin: TestClient;
test.beforeAll(({ app, owner }) => {
  t = app;
  admin = owner.c;
});

const { db, applicant } = helpers(() => t);

async function sqlFold(text: string): Promise<string> {
  const res = await db().execute<{ folded: string }>(sql`select fold_tr(${text}) as folded`);
  return res.rows[0].folded;
}

describe('fold_tr (SQL) and foldTurkish (TypeScript)', () => {
  it('agree on random Turkish and ASCII text', async () => {
    await fc.assert(
      fc.asyncProperty(searchText(), async (s) => {
        expect(await sqlFold(s)).toBe(foldTurkish(s));
      }),
      { numRuns: 300 },
    );
  });

  it('agree on the letters one by one, upper- and lower-case ASCII included', async () => {
    const letters = 'İIıŞşĞğÜüÖöÇçABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    expect(await sqlFold(letters)).toBe(foldTurkish(letters));
    expect(await sqlFold(letters)).toBe(`iiissgguuoocc${'abcdefghijklmnopqrstuvwxyz'.repeat(2)}`);
  });
});

describe('the admin EIN desk searches folded text', () => {
  const base = '/api/admin/ein-applications';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const names = {
      istanbul: 'İSTANBUL Ticaret LLC',
      ege: 'Ege Şirketler Grubu LLC',
      buyuk: 'Büyük ŞİRKET LLC',
      plain: 'Plain Widgets LLC',
      percent: 'Yüzde %100_Garanti LLC',
    };
    for (const [key, businessName] of Object.entries(names)) {
      const a = await applicant({ businessName, responsiblePartyName: `Owner ${key}` });
      ids[key] = a.application.id;
    }
  });

  async function found(q: string): Promise<string[]> {
    const res = await admin.get(`${base}?q=${encodeURIComponent(q)}&pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    return res.body.items.map((i: { id: string }) => i.id).sort();
  }

  it.each(['istanbul', 'İstanbul', 'ISTANBUL', 'ıstanbul', '  istanbul   ticaret '])(
    'finds İSTANBUL Ticaret by %j',
    async (q) => {
      expect(await found(q)).toEqual([ids.istanbul]);
    },
  );

  it.each(['sirket', 'Şirket', 'ŞİRKET', 'SIRKET'])('finds the Şirket names by %j', async (q) => {
    expect(await found(q)).toEqual([ids.ege, ids.buyuk].sort());
  });

  it('finds nothing for an unrelated string', async () => {
    expect(await found('zqxw unrelated')).toEqual([]);
  });

  it('treats % and _ in the query as plain characters', async () => {
    expect(await found('%')).toEqual([ids.percent]);
    expect(await found('_')).toEqual([ids.percent]);
    expect(await found('%100_g')).toEqual([ids.percent]);
    // As wildcards these would match "Plain Widgets" and "İSTANBUL Ticaret".
    expect(await found('widget_')).toEqual([]);
    expect(await found('%ticaret')).toEqual([]);
  });
});

if (testEngine() === 'postgres') {
  describe('the trigram indexes (PostgreSQL)', () => {
    it('can answer the folded search on users.email', async () => {
      const plan = await db().transaction(async (tx) => {
        // On a table this small a sequential scan is cheaper; forbidding it shows whether the index is usable.
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain select ${users.id} from ${users} where ${foldedContains([users.email], 'Example.COM')}`,
        );
        return res.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('users_email_fold_trgm_idx');
    });
  });
}
