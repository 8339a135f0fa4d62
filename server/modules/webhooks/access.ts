import type { Role } from '../../../src/domain/roles';
import { forbidden } from '../../errors';
import { requireRole } from '../../lib/permissions';
import type { CurrentUser } from '../../plugins/auth';

/** Only the integrator's own SystemIntegratorAdmin manages its endpoints (issue 26, part 4). */
const MANAGERS: readonly Role[] = ['SystemIntegratorAdmin'];

/** Refuses (403) a SystemIntegratorAdmin's call about another system integrator. */
export function requireOwnIntegrator(
  request: Parameters<typeof requireRole>[0],
  systemIntegratorId: string,
): CurrentUser {
  const user = requireRole(request, MANAGERS);
  if (user.systemIntegratorId !== systemIntegratorId) throw forbidden();
  return user;
}
