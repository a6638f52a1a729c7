/** The staff roles, in the order the back office lists them; the permission table is permissions.ts. */
export const STAFF_ROLES = ['owner', 'operations', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLES = ['customer', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** A role as stored or sent, narrowed; anything unknown is a customer, who holds no permission. */
export function toRole(value: unknown): Role {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : 'customer';
}

/**
 * Staff of any role: the back office is theirs, the customer's own pages are not. The one staff check
 * (decision 0083): what each staff role may do is the permission table's (permissions.ts), never a
 * comparison with a role's name.
 */
export function isStaff(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(role);
}

/** A signed-in customer: someone signed in who is not staff (isStaff's other side, not spelled apart). */
export function isCustomer(role: string | null | undefined): boolean {
  return typeof role === 'string' && !isStaff(role);
}

/**
 * Who acts, as the rules and the stored rows name it (decision 0083): a customer, staff of any role
 * ('admin', whatever their staff role), or the system (a daily run, a payment's webhook). Formation
 * transitions, compliance marks, support messages, filings and the EIN desk's rows record it.
 */
export type Actor = 'customer' | 'admin' | 'system';

/** Someone signed in who acts: a customer or staff. */
export type PersonActor = Exclude<Actor, 'system'>;

/** A person acting, as a service records them. */
export interface ActingPerson {
  id: string;
  role: PersonActor;
}

/** Anyone acting, the system included (no user id). */
export interface ActingParty {
  id: string | null;
  role: Actor;
}

/** The actor a signed-in role acts as. */
export function actorOf(role: Role): PersonActor {
  return isStaff(role) ? 'admin' : 'customer';
}
