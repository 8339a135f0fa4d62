import type { FastifyRequest } from 'fastify';
import type { Role } from '../../src/domain/roles';
import { forbidden } from '../errors';
import { userOf, type CurrentUser } from '../plugins/auth';

/** Refuses (403) unless the current user has one of the roles. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): CurrentUser {
  const user = userOf(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
