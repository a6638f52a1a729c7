/** The staff roles, in the order the back office lists them; the permission table is permissions.ts. */
export const STAFF_ROLES = ['owner', 'operations', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLES = ['customer', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** A role as stored or sent, narrowed; anything unknown is a customer, who holds no permission. */
export function toRole(value: unknown): Role {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : 'customer';
}

/** Staff of any role: the back office is theirs, the customer's own pages are not. */
export function isStaff(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(role);
}
