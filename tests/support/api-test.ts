import { test } from 'vitest';
import type { StaffRole } from '../../src/shared/domain/roles';
import {
  createStaffMember,
  createTestApp,
  signedInCustomer,
  signUpAdmin,
  type TestApp,
  type TestClient,
} from './test-app';

/** A signed-in account on a client of its own. */
export interface SignedIn {
  c: TestClient;
  id: string;
  email: string;
}

/*
 * The API tests' fixtures (decision 0093), for `test.extend`:
 *   - `app`: the real app on a throwaway database, one per file, closed when the file ends (the API
 *     projects share modules between files, decision 0088, so what a file opens it must close);
 *   - `owner`: the file's first owner, signed up with the admin code, second factor enrolled;
 *   - `customer`: a new customer, signed in on a client of its own, for each test that asks;
 *   - `staffMember(role)`: a member of `role` besides the owner, invited as the portal invites them.
 * A file that needs settings of its own uses `apiTestWith({ … })`. A file whose tests keep the app in
 * module variables takes it in one hook: `apiTest.beforeAll(({ app, owner }) => { t = app; … })`.
 */
export function apiTestWith(settings: Record<string, string> = {}) {
  return (
    test
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern (none here).
      .extend('app', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestApp> => {
        const app = await createTestApp(settings);
        onCleanup(() => app.close());
        return app;
      })
      .extend('owner', { scope: 'file' }, async ({ app }): Promise<SignedIn> => {
        const c = app.client();
        const { res, email } = await signUpAdmin(c);
        if (res.status !== 201) throw new Error(`the file's owner: ${res.status} ${JSON.stringify(res.body)}`);
        return { c, id: res.body.user.id as string, email };
      })
      .extend('customer', async ({ app }): Promise<SignedIn> => {
        const { c, id } = await signedInCustomer(app);
        const me = await c.get('/api/me');
        return { c, id, email: me.body.user.email as string };
      })
      .extend(
        'staffMember',
        async ({ app }) =>
          (role: StaffRole, opts?: Parameters<typeof createStaffMember>[2]) =>
            createStaffMember(app, role, opts),
      )
  );
}

export const apiTest = apiTestWith();
