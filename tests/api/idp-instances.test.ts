import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO } from './helpers/app';
import { buildInstances, type Instances } from './helpers/instances';
import { loginWithFlow } from './helpers/login';

/**
 * Issue 23, part 6: the embedded IdP keeps its sessions, interactions, codes and signing key in the
 * database, so a browser behind a load balancer may reach another instance on every step.
 */
describe('the embedded IdP across two instances on one database', () => {
  let instances: Instances;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    instances = await buildInstances({ JOB_WORKERS: 'false' });
    [a, b] = instances.apps;
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('logs in with every step answered by the other instance, and the token works on both', async () => {
    const answeredBy: string[] = [];
    let turn = 0;
    // A load balancer taking turns: each request of the login goes to the other instance.
    const balancer = {
      config: a.config,
      inject: (options: InjectOptions) => {
        const [name, app] = turn++ % 2 ? ['b', b] : ['a', a];
        answeredBy.push(name as string);
        return (app as FastifyInstance).inject(options);
      },
    } as unknown as FastifyInstance;

    const { accessToken } = await loginWithFlow(balancer, DEMO.owner);
    expect(answeredBy).toContain('a');
    expect(answeredBy).toContain('b');
    for (const app of [a, b]) {
      const self = await apiClient(app, accessToken).get('/api/self');
      expect(self.statusCode).toBe(200);
      expect((self.json() as { email: string }).email).toBe(DEMO.owner);
    }
  });
});
