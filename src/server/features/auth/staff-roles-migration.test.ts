import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../../tests/support/api-test';
import { enrolSignedIn, signedInCustomer, type TestApp } from '../../../../tests/support/test-app';
import { users } from '../../db/schema';

const test = apiTest;
let t: TestApp;
test.beforeAll(({ app }) => {
  t = app;
});

describe('migration 0016 (decision 0039)', () => {
  it('makes every admin an owner and leaves customers as they are', async () => {
    const db = t.deps.database.db;
    const admin = await signedInCustomer(t);
    const customer = await signedInCustomer(t);
    // Staff work with a second factor (decision 0042): this admin of old has one.
    await enrolSignedIn(admin.c);
    // The retired role, as rows written before the migration hold it (the schema no longer names it).
    await db.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    // Until migrated, the retired role holds nothing: the back office is closed to it.
    expect((await admin.c.get('/api/admin/overview')).status).toBe(403);

    const file = path.join(import.meta.dirname, '../../db/migrations/0016_staff_roles.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const roleOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0].role;
    expect(await roleOf(admin.id)).toBe('owner');
    expect(await roleOf(customer.id)).toBe('customer');
    expect((await admin.c.get('/api/me')).body).toMatchObject({ user: { role: 'owner' }, home: '/admin/ein' });
    expect((await admin.c.get('/api/admin/overview')).status).toBe(200);
  });
});
