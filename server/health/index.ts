import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  databaseCheck,
  identityProviderCheck,
  jobQueueCheck,
  migrationsCheck,
  type HealthCheck,
  type HealthCheckResult,
} from './checks';

const status = z.enum(['UP', 'DOWN']);
const healthAnswer = z.object({
  status,
  checks: z.array(
    z.object({
      name: z.string(),
      status,
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    }),
  ),
});
type HealthAnswer = z.infer<typeof healthAnswer>;

/**
 * For load balancers and monitoring, not for integrators: outside the OpenAPI document, no
 * authentication, no rate limit, no anti-forgery cookie (`probe`, server/plugins/csrf.ts), logged
 * at debug only (server/plugins/request-log.ts).
 */
const routeOptions = {
  config: { probe: true },
  schema: { hide: true, response: { 200: healthAnswer, 503: healthAnswer } },
} as const;

function answerOf(checks: HealthCheckResult[]): HealthAnswer {
  return { status: checks.every((check) => check.status === 'UP') ? 'UP' : 'DOWN', checks };
}

/**
 * Health endpoints as Keycloak has them (docs/production.md, "Health"):
 * - GET /health/live: the process runs and answers (200); a load balancer does not need it, a
 *   supervisor that restarts hung processes does.
 * - GET /health/ready: 200 when the database answers, every migration is recorded, the job queue
 *   runs and the identity provider's discovery document answers; else 503 naming the check that
 *   failed. 503 at once when a stop begins (server/plugins/lifecycle.ts), before anything closes.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const checks: HealthCheck[] = [
      databaseCheck(app.db),
      migrationsCheck(app.db),
      jobQueueCheck(app.jobs, app.config.jobWorkers),
      identityProviderCheck(app.config),
    ];
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/health/live', routeOptions, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return answerOf([]);
    });

    api.get('/health/ready', routeOptions, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer =
        app.lifecycle.phase === 'running'
          ? answerOf(await Promise.all(checks.map((check) => check())))
          : answerOf([{ name: 'instance', status: 'DOWN', data: { stopping: true } }]);
      return reply.code(answer.status === 'UP' ? 200 : 503).send(answer);
    });
  },
  { name: 'health', dependencies: ['jobs', 'lifecycle'] },
);
