import type { FastifyInstance } from 'fastify';
import { employeesRoutes } from './employees.routes';
import { ownProfileRoutes } from './own-profile.routes';

/** Users of a company: the own profile's personal data (issue 9), the company's employees (issue 10). */
export async function usersModule(app: FastifyInstance) {
  await app.register(ownProfileRoutes);
  await app.register(employeesRoutes);
}
