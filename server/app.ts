import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { createLocalJWKSet } from 'jose';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadConfig, type AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seedDemoData } from './db/seed';
import { trackTransactionEffects } from './db/tx-effects';
import { createCountCache, type CountCache } from './lib/count-cache';
import { redactPath } from './lib/log-redaction';
import { loggerOptions } from './lib/logger';
import { eidPlugin } from './eid';
import { derivePseudonymKey } from './eid/pseudonym';
import { deriveSecondFactorKey } from './idp/second-factor';
import { registerEmbeddedIdp } from './idp';
import { registerKeycloakIdpAdmin } from './idp/keycloak';
import { jobsPlugin } from './jobs/plugin';
import { mailPlugin } from './mail';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { csrfPlugin } from './plugins/csrf';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, parserErrorHandler, routerErrorHandler } from './plugins/errors';
import { healthPlugin } from './health';
import { lifecyclePlugin } from './plugins/lifecycle';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed';
import { requestLogPlugin } from './plugins/request-log';
import { requestMetricsPlugin } from './plugins/request-metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { administratorsModule } from './modules/administrators';
import { companiesModule } from './modules/companies';
import { dashboardModule } from './modules/dashboard';
import { companyApplicationsModule } from './modules/company-applications';
import { deviceModule } from './modules/device';
import { documentsModule } from './modules/documents';
import { loadDocumentKey } from './modules/documents/crypto';
import { eidBindingModule } from './modules/eid-binding';
import { eidReviewsModule } from './modules/eid-reviews';
import { apiClientsModule } from './modules/api-clients';
import { emailChangeModule } from './modules/email-change';
import { employeeInvitationsModule } from './modules/employee-invitations';
import { licensesModule } from './modules/licenses';
import { ownerActivationModule } from './modules/owner-activation';
import { reportsModule } from './modules/reports';
import { resellersModule } from './modules/resellers';
import { webhooksModule } from './modules/webhooks';
import { runtimeConfigModule } from './modules/runtime-config';
import { selfModule } from './modules/self';
import { dataExportModule } from './modules/data-export';
import { secondFactorModule } from './modules/second-factor';
import { systemIntegratorsModule } from './modules/system-integrators';
import { statementsModule } from './modules/statements';
import { auditLogModule } from './modules/audit/audit-log.routes';
import { retentionRunModule } from './modules/retention/retention-run.routes';
import { usageModule } from './modules/usage';
import { usersModule } from './modules/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /** Cached list totals of this app instance (server/lib/count-cache.ts). */
    countCache: CountCache;
  }
}

export interface BuildOptions {
  /** Complete configuration; defaults to loadConfig(process.env). */
  config?: AppConfig;
  /** An open database; by default one is opened from the configuration (and closed with the app). */
  database?: Database;
  /** Built web app to serve; default ./dist. */
  distDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Start the job workers once listening, not once ready (server/jobs/plugin.ts); `npm start` does. */
  workersAfterListen?: boolean;
  /**
   * False: the scheduled jobs are not planned. API tests: a package-notice run at a ten-minute mark
   * of the wall clock would otherwise write mails in the middle of a test that compares tables.
   */
  jobSchedules?: boolean;
  /**
   * The clock of the eID binding (session starts and ends), of the licences' and the usage view's
   * "today" (package states, default months) and of the device API (today's packages, rebind and
   * cancel windows); default the real time. Tests move it past a session's end, a package's last
   * day or a window: faking Date instead would expire the access tokens as well.
   */
  clock?: () => Date;
}

// Validation messages of the server's own schemas read in German, like the rest of the portal.
z.config(z.locales.de());

/**
 * A request object that something logs: method and path only, the path without its query string
 * (the IdP's logout carries an ID token there, search terms personal data) and without opaque
 * segments (a mailed link's token). The request log itself names route templates (request-log.ts).
 */
function requestForLog(request: { method: string; url: string }) {
  return { method: request.method, url: redactPath(request.url) };
}

/**
 * One line per answered request (server/plugins/request-log.ts) instead of Fastify's two; Fastify
 * still logs an error that happens while an answer is sent.
 */
class RequestLogController extends LogController {
  override incomingRequest() {}
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>) {
    if (args[0]) super.requestCompleted(...args);
  }
}

/** Fastify's types take no hop count, so it becomes the function Fastify would build from one. */
function trustedProxies(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole server without listening, so tests can `inject` and `npm start` can listen. */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDatabase = !options.database;

  const base = loggerOptions(config);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            // Errors without statement parameters, no secrets anywhere (server/lib/logger.ts).
            ...base,
            serializers: { ...base.serializers, req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    logController: new RequestLogController({ requestIdLogLabel: 'traceId' }),
    bodyLimit: 256 * 1024,
    // Only the configured proxies may name the client address (X-Forwarded-For); by default
    // nobody, else any client could pick a new address per request and skip every rate limit.
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals of the router and of Node's HTTP parser leave in the error body as well.
    frameworkErrors: routerErrorHandler(config),
    clientErrorHandler: parserErrorHandler(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // Transactions keep a journal of the IdP calls made in them, undone on rollback (server/db/tx-effects.ts).
  app.decorate('db', trackTransactionEffects(database.db, app.log.child({ module: 'tx-effects' })));
  app.decorate('countCache', createCountCache());
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  const clock = options.clock ?? (() => new Date());
  // One key for the seeded bindings and second factors, the binding service and the identity
  // provider: in memory-only mode every load of the documents' key makes a new one.
  const documentKey = await loadDocumentKey(config);
  const pseudonymKey = derivePseudonymKey(documentKey);
  const secondFactorKey = deriveSecondFactorKey(documentKey);
  if (config.seedDemoData) await seedDemoData(database.db, { pseudonymKey, secondFactorKey });

  // Cross-cutting plugins, in the order they act on a request.
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(requestMetricsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(lifecyclePlugin);
  await app.register(methodNotAllowedPlugin);
  // Before any route: it hooks into each route as it is added.
  await app.register(compressionPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimitPlugin);
  await app.register(csrfPlugin, { secureCookie: config.publicUrl.startsWith('https://') });
  await app.register(docsPlugin);
  await app.register(mailPlugin);
  await app.register(jobsPlugin, {
    database,
    workersAfterListen: options.workersAfterListen,
    jobSchedules: options.jobSchedules,
  });

  const idp = config.embedded
    ? await registerEmbeddedIdp(app, { config, db: database.db, secondFactorKey })
    : undefined;
  if (!idp) await registerKeycloakIdpAdmin(app, { config, db: database.db });
  await app.register(eidPlugin, { clock });
  await app.register(authPlugin, {
    config,
    db: database.db,
    keys: idp ? createLocalJWKSet(await idp.jwks()) : undefined,
  });
  await app.register(healthPlugin);

  // The API, one module per resource.
  await app.register(runtimeConfigModule);
  await app.register(selfModule);
  await app.register(dataExportModule, { clock });
  await app.register(systemIntegratorsModule);
  await app.register(resellersModule);
  await app.register(webhooksModule);
  await app.register(apiClientsModule);
  await app.register(companyApplicationsModule);
  await app.register(companiesModule);
  await app.register(ownerActivationModule);
  await app.register(usersModule);
  await app.register(emailChangeModule);
  await app.register(administratorsModule);
  await app.register(secondFactorModule);
  await app.register(employeeInvitationsModule);
  await app.register(documentsModule);
  await app.register(eidBindingModule, { pseudonymKey, clock });
  await app.register(eidReviewsModule);
  await app.register(licensesModule, { clock });
  await app.register(deviceModule, { clock });
  await app.register(reportsModule);
  await app.register(usageModule, { clock });
  await app.register(statementsModule, { clock });
  await app.register(auditLogModule);
  await app.register(retentionRunModule);
  await app.register(dashboardModule, { clock });

  await app.register(spaPlugin, { distDir: options.distDir ?? fileURLToPath(new URL('../dist', import.meta.url)) });
  return app;
}
