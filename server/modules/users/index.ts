import type { FastifyInstance } from 'fastify';
import { ownProfileRoutes } from './own-profile.routes';

/** Users of a company: so far the own profile's personal data (issue 9); employees follow. */
export async function usersModule(app: FastifyInstance) {
  await app.register(ownProfileRoutes);
}
