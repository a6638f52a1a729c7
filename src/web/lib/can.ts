import { hasPermission, type Permission } from '../../shared/domain/permissions';
import { useMe } from './session';

/**
 * Whether the signed-in user's role holds a permission, read from the table the server checks
 * (src/shared/domain/permissions.ts): the back office shows only what the server would allow, so no
 * button answers 403. The server still checks every call.
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useMe().data?.user.role;
  return (permission) => hasPermission(role, permission);
}
