import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  needsStepUp,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_HOME,
} from '../../src/shared/domain/permissions';
import { isStaff, STAFF_ROLES, toRole } from '../../src/shared/domain/roles';
import { ADMIN_PAGES, pagePermission } from '../../src/shared/routes/admin-pages';
import { PAGE_ROUTES } from '../../src/shared/routes/route-table';

/* The permission table both sides read (decision 0039): the cuts the issue asks for, held as data. */
describe('the permission table', () => {
  it('gives the owner everything and the customer nothing', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.customer).toEqual([]);
    expect(isStaff('customer')).toBe(false);
    for (const role of STAFF_ROLES) expect(isStaff(role)).toBe(true);
  });

  it("keeps staff management, the audit trail and customers' data rights with the owner alone", () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      for (const p of [
        'staff.manage',
        'audit.read',
        'audit.export',
        'privacy.manage',
        'privacy.erase',
        'privacy.export',
      ] as const) {
        expect(hasPermission(role, p), `${role} ${p}`).toBe(false);
      }
    }
  });

  it('gives the exports split from a read permission (decision 0068) to the roles that held it', () => {
    expect(STAFF_ROLES.filter((r) => hasPermission(r, 'renewals.export'))).toEqual(
      STAFF_ROLES.filter((r) => hasPermission(r, 'renewals.read')),
    );
  });

  it('asks for a fresh code for tax numbers, every export, erasure and staff, and for no read', () => {
    const stepUp = PERMISSIONS.filter(needsStepUp);
    for (const p of PERMISSIONS.filter((p) => p.endsWith('.export'))) expect(stepUp, p).toContain(p);
    for (const p of ['ein.ssn', 'staff.manage', 'privacy.erase'] as const) expect(stepUp, p).toContain(p);
    for (const p of PERMISSIONS.filter((p) => p.endsWith('.read'))) expect(stepUp, p).not.toContain(p);
  });

  it('shows the clear SSN to operations alone among the desks', () => {
    expect(STAFF_ROLES.filter((r) => hasPermission(r, 'ein.ssn'))).toEqual(['owner', 'operations']);
  });

  it('leaves support without exports, prices or money, and finance without support replies', () => {
    const support = ROLE_PERMISSIONS.support;
    expect(support.filter((p) => p.endsWith('.export') || p.startsWith('orders.') || p === 'services.manage')).toEqual(
      [],
    );
    expect(hasPermission('finance', 'support.reply')).toBe(false);
    expect(hasPermission('finance', 'support.status')).toBe(false);
    expect(hasPermission('finance', 'formations.edit')).toBe(false);
  });

  it('lets every staff role open the customer file (it loads the formation and the account)', () => {
    for (const role of STAFF_ROLES) {
      expect(hasPermission(role, 'formations.read'), role).toBe(true);
      expect(hasPermission(role, 'users.read'), role).toBe(true);
    }
  });

  it("sends each role to a page it may open, and names every admin page's permission", () => {
    for (const role of STAFF_ROLES) {
      const page = ADMIN_PAGES.find((p) => p.path === STAFF_HOME[role]);
      expect(page && hasPermission(role, page.permission), role).toBe(true);
    }
    for (const route of PAGE_ROUTES.filter((r) => r.layout === 'admin')) {
      expect(pagePermission(route.path), route.path).toBeDefined();
    }
  });

  it("finds a URL's page by its section, parameters included", () => {
    expect(pagePermission('/admin/formations/1f2e3d')).toBe('formations.read');
    expect(pagePermission('admin/formations/:id')).toBe('formations.read');
    expect(pagePermission('/shorten')).toBe('links.manage');
    expect(pagePermission('/admin/einx')).toBeUndefined();
    expect(pagePermission('/dashboard')).toBeUndefined();
  });

  it('reads an unknown or retired role as a customer', () => {
    expect(toRole('admin')).toBe('customer');
    expect(toRole(undefined)).toBe('customer');
    expect(toRole('finance')).toBe('finance');
  });
});
