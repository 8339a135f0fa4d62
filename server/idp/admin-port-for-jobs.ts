import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { trackTransactionEffects } from '../db/tx-effects';
import { createEmbeddedIdpAdminPort, type IdpAdminPort } from './admin-port';
import { createKeycloakIdpAdminPort } from './keycloak/admin-port';
import { connectKeycloak } from './keycloak/connection';

/**
 * The IdP admin port outside a request (the retention job, `npm run retention`): the embedded one,
 * or Keycloak's Admin REST API as server/idp/keycloak/index.ts builds it. Keycloak's calls belong to
 * database transactions (server/db/tx-effects.ts), so the database's transactions are tracked.
 */
export function idpAdminPortForJobs(config: AppConfig, db: Db, log: FastifyBaseLogger): IdpAdminPort {
  if (config.embedded) return createEmbeddedIdpAdminPort(config);
  const { clientId, clientSecret } = config.keycloak.admin;
  if (!clientSecret) throw new Error('KEYCLOAK_ADMIN_CLIENT_SECRET is required without embedded services');
  trackTransactionEffects(db, log.child({ module: 'tx-effects' }));
  return createKeycloakIdpAdminPort({
    connection: connectKeycloak({ url: config.keycloak.url, realm: config.keycloak.realm, clientId, clientSecret }),
    publicUrl: config.publicUrl,
    audience: config.keycloak.audience,
    log: log.child({ module: 'idp-keycloak' }),
  });
}
