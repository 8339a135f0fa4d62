import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EidPort } from './port';
import { createEidSimulator } from './simulator';
import { registerSimulatorPage } from './simulator-page';

export type { EidPort } from './port';

declare module 'fastify' {
  interface FastifyInstance {
    /** The eID service; undefined when none is configured (starting a binding answers 503). */
    eid: EidPort | undefined;
  }
}

export interface EidPluginOptions {
  /** The clock of the simulator's session ends (the binding service's clock, see server/app.ts). */
  clock: () => Date;
}

/**
 * The eID service behind the port of server/eid/port.ts. The embedded development mode
 * (config.devRoutes) has the simulator with its phone page /dev/eid/{mobileToken}; the simulator is
 * only ever there together with its page, since nobody could answer its sessions otherwise. An
 * adapter for a real eID service does not exist yet (docs/eid-port.md): without the simulator no
 * service is configured, which the server says once at start, and every binding start answers 503
 * EID_TOKEN_CANNOT_BE_ISSUED.
 */
export const eidPlugin = fp(
  async (app: FastifyInstance, opts: EidPluginOptions) => {
    if (!app.config.devRoutes) {
      app.decorate('eid', undefined);
      app.log.warn(
        'no eID service is configured: starting an eID binding answers 503 EID_TOKEN_CANNOT_BE_ISSUED (docs/eid-port.md)',
      );
      return;
    }
    const simulator = createEidSimulator({ clock: opts.clock, publicUrl: app.config.publicUrl });
    app.decorate('eid', simulator);
    registerSimulatorPage(app, simulator);
  },
  { name: 'eid' },
);
