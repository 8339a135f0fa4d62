import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { pageFooter } from '../provider';
import { registerSetPasswordRoutes, SET_PASSWORD_PORTAL_PATH } from '../set-password';
import { createKeycloakIdpAdminPort } from './admin-port';
import { connectKeycloak } from './connection';

/**
 * Keycloak mode (EMBEDDED=false): the IdP admin port on Keycloak's Admin REST API, and the
 * portal's own set-password page below PUBLIC_URL (the realm's paths are Keycloak's now), which
 * hands the chosen password to Keycloak. Nothing is asked of Keycloak before the first call, so
 * the API starts while Keycloak is still booting.
 */
export async function registerKeycloakIdpAdmin(app: FastifyInstance, deps: { config: AppConfig; db: Db }) {
  const { config, db } = deps;
  const { clientId, clientSecret } = config.keycloak.admin;
  if (!clientSecret) throw new Error('KEYCLOAK_ADMIN_CLIENT_SECRET is required without embedded services');
  const connection = connectKeycloak({
    url: config.keycloak.url,
    realm: config.keycloak.realm,
    clientId,
    clientSecret,
  });
  const port = createKeycloakIdpAdminPort({
    connection,
    publicUrl: config.publicUrl,
    audience: config.keycloak.audience,
    log: app.log.child({ module: 'idp-keycloak' }),
  });
  await app.register(async (activation) => {
    registerSetPasswordRoutes(activation, {
      config,
      db,
      path: SET_PASSWORD_PORTAL_PATH,
      passwords: port.passwords,
      footer: () => pageFooter(config),
    });
  });
  app.decorate('idpAdmin', port);
}
