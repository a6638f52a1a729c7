import type { Role } from './roles';

/**
 * What staff may do, one name per kind of admin operation. Every operation behind the admin door names
 * exactly one (platform/http/admin-door.ts); the server checks it, the web hides what is not held.
 * Customers hold none: their access is ownership of their own records.
 */
export const PERMISSIONS = [
  'overview.read',
  'formations.read',
  'formations.edit',
  'formations.export',
  'ein.read',
  'ein.process',
  /** The clear SSN and every file or PDF that carries it (the generated SS-4, the data sheet). */
  'ein.ssn',
  'users.read',
  'users.edit',
  'documents.upload',
  'orders.read',
  'orders.export',
  'orders.recheck',
  'services.manage',
  'support.read',
  'support.reply',
  'support.status',
  'links.manage',
  'deadlines.read',
  'deadlines.mark',
  'deadlines.export',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permissions each role holds. One staff role for now, holding everything. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  customer: [],
  admin: PERMISSIONS,
};

export function isStaffRole(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && ROLE_PERMISSIONS[role].length > 0;
}

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}
