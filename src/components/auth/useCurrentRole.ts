import { usePermissions } from 'react-admin';
import { isRole, type Role } from '../../domain/roles';

/**
 * The role inside react-admin's permissions. The auth provider resolves getPermissions() to
 * { role, status, ... } from GET /api/self; a bare role string is accepted too.
 */
export function roleFromPermissions(permissions: unknown): Role | undefined {
  if (isRole(permissions)) return permissions;
  if (typeof permissions === 'object' && permissions !== null && 'role' in permissions) {
    const { role } = permissions as { role: unknown };
    return isRole(role) ? role : undefined;
  }
  return undefined;
}

export function useCurrentRole(): { role: Role | undefined; isPending: boolean } {
  const { permissions, isPending } = usePermissions();
  return { role: roleFromPermissions(permissions), isPending };
}
