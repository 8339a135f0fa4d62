import type { FastifyInstance } from 'fastify';
import { openToApiClients } from '../../plugins/auth';
import { licenseRoutes } from './licenses.routes';
import { packageRoutes } from './packages.routes';

export interface LicensesModuleOptions {
  /** The clock of "today" (package states) and of bindings; server/app.ts BuildOptions.clock. */
  clock: () => Date;
}

/**
 * Licences and their prepaid packages (issue 13, spec sections 2, 3, 5-7; ARCHITECTURE.md
 * "Licences, packages and identification processes"): licences.routes.ts and packages.routes.ts.
 * Who reaches what is in access.ts and docs/permissions.md.
 */
export async function licensesModule(app: FastifyInstance, opts: LicensesModuleOptions) {
  // The integrator's back office manages its licences and packages as its SystemIntegratorAdmin does.
  openToApiClients(app);
  await app.register(licenseRoutes, opts);
  await app.register(packageRoutes, opts);
}
