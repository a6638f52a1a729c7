export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isAdmin(role: string | null | undefined): boolean {
  return role === 'admin';
}
