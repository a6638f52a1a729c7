import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../src/shared/domain/permissions';
import type { Role } from '../../src/shared/domain/roles';
import type { Me } from '../../src/shared/features/auth/auth.contracts';
import { pagePermission } from '../../src/shared/routes/admin-pages';
import {
  adminPageRule,
  adminRule,
  customerPageRule,
  customerRule,
  onboardingRule,
  signedInRule,
  visitorRule,
} from '../../src/web/app/guardRules';

/*
 * Decision 0095: who may see a page is a pure function of the session, so the server's first view and
 * the browser's guards decide alike. These are the rules of product.md#who-may-see-a-page.
 */

function me(role: Role, more: Partial<Me> = {}): Me {
  return {
    user: { id: 'u1', email: 'a@example.com', fullName: 'A', role, emailVerified: true, lang: 'tr' },
    hasFormation: false,
    home: role === 'customer' ? '/onboarding' : '/admin/ein',
    twoFactorEnabled: role !== 'customer',
    ...more,
  };
}

const url = (path: string) => new URL(`http://portal.test${path}`);

describe('the guard rules', () => {
  it('send a visitor to sign in, told so where the page says it', () => {
    expect(customerRule(null)).toEqual({ to: '/signin', keepVerified: true, notice: undefined });
    expect(customerPageRule(null)).toEqual({ to: '/signin', keepVerified: true, notice: 'signInRequired' });
    expect(signedInRule(null)?.notice).toBe('signInRequired');
    expect(onboardingRule(null)?.notice).toBe('signInRequired');
    expect(visitorRule(null)).toBeNull();
    expect(adminRule(null, url('/admin'))).toEqual({ to: '/signin', keepVerified: true, notice: undefined });
  });

  it("let a customer through to the customer's pages, and send one with a formation past onboarding", () => {
    const customer = me('customer');
    for (const rule of [customerRule, customerPageRule, visitorRule, signedInRule, onboardingRule])
      expect(rule(customer)).toBeNull();
    expect(onboardingRule(me('customer', { hasFormation: true }))?.to).toBe('/dashboard');
    expect(adminRule(customer, url('/admin'))).toEqual({
      to: '/dashboard',
      keepVerified: false,
      notice: 'unauthorized',
    });
  });

  it('send staff to their own desk from the customer pages, and to set up a second factor first', () => {
    expect(customerRule(me('support'))?.to).toBe('/admin/support');
    expect(visitorRule(me('owner'))?.to).toBe('/admin/services');
    expect(signedInRule(me('finance'))).toBeNull();
    expect(adminRule(me('owner'), url('/admin/users'))).toBeNull();
    expect(adminRule(me('owner', { twoFactorEnabled: false }), url('/admin/users?q=a'))?.to).toBe(
      '/account/security?next=%2Fadmin%2Fusers%3Fq%3Da',
    );
  });

  it('turn a staff member away from an admin page their role lacks, to their desk', () => {
    const denied = ['/admin/users', '/admin/audit', '/admin/staff'].find((path) => {
      const needed = pagePermission(path);
      return needed && !hasPermission('finance', needed);
    });
    expect(denied).toBeDefined();
    expect(adminPageRule(me('finance'), url(denied as string))).toEqual({
      to: '/admin/orders',
      keepVerified: false,
      notice: 'adminUnauthorized',
    });
    expect(adminPageRule(me('owner'), url(denied as string))).toBeNull();
    expect(adminPageRule(me('customer'), url('/admin/users'))).toBeNull();
  });
});
