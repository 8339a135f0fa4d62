import type { Role } from './roles';

/**
 * Who manages system integrators (spec section 6), without zod: the list reads it to show 'System-
 * Integrator anlegen' and should not download the dialog's schemas with it (src/domain/
 * systemIntegrator.ts re-exports it).
 */
export const SYSTEM_INTEGRATOR_MANAGER_ROLES = ['SystemAdmin'] as const satisfies readonly Role[];

export function canManageSystemIntegrators(role: Role | undefined): boolean {
  return role !== undefined && (SYSTEM_INTEGRATOR_MANAGER_ROLES as readonly Role[]).includes(role);
}
