import { join } from 'node:path';
import { WORKER_NODE_FLAGS } from '../process-flags.mjs';

/**
 * What `npm run cluster` runs and on which ports: pure, so that tests/unit/clusterPlan.test.ts
 * checks the environment each process gets (production mode, the proxy trusted, no workers in the
 * API instances, distinct ports).
 */

/** Ports on 127.0.0.1; the API instances and metrics count up from their base (api-1 = base + 1). */
export const CLUSTER_PORTS = {
  apiBase: 8100,
  apiMetricsBase: 9100,
  workerMetricsBase: 9200,
  postgres: 54380,
  keycloak: 8180,
  smtp: 2525,
  mailWeb: 8025,
} as const;

export const CLUSTER_DATABASE = 'lumio';
/** The service-account secret `npm run keycloak` gives the realm's lumio-server client. */
export const DEV_KEYCLOAK_SECRET = 'lumio-dev-secret';

export interface AppProcess {
  name: string;
  kind: 'api' | 'worker';
  /** The HTTP port (API instances). */
  port?: number;
  metricsPort: number;
  command: string;
  args: string[];
  env: Record<string, string>;
  log: string;
}

export interface ClusterPlanInput {
  root: string;
  /** The cluster's own directory (.cluster). */
  dir: string;
  /** Node 24 (the project's pinned runtime). */
  node: string;
  apiCount: number;
  workerCount: number;
  /** nginx's port: the portal is http://localhost:<port>. */
  port: number;
  documentKey: string;
  /**
   * Portal variables from the environment `npm run cluster` was started in (LOG_LEVEL=debug,
   * RATE_LIMIT_DEVICE_PER_MINUTE=…): passed to every process; the cluster's own settings win.
   */
  passedOn?: Record<string, string>;
}

export interface ClusterPlan {
  publicUrl: string;
  databaseUrl: string;
  keycloakUrl: string;
  smtpUrl: string;
  /** The environment every portal process shares (API, worker, seeding). */
  portalEnv: Record<string, string>;
  apis: AppProcess[];
  workers: AppProcess[];
}

export function planCluster(input: ClusterPlanInput): ClusterPlan {
  const publicUrl = `http://localhost:${input.port}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:${CLUSTER_PORTS.postgres}/${CLUSTER_DATABASE}`;
  const keycloakUrl = `http://localhost:${CLUSTER_PORTS.keycloak}`;
  const smtpUrl = `smtp://127.0.0.1:${CLUSTER_PORTS.smtp}`;
  const portalEnv: Record<string, string> = {
    ...input.passedOn,
    NODE_ENV: 'production',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    KEYCLOAK_URL: keycloakUrl,
    KEYCLOAK_ADMIN_CLIENT_SECRET: DEV_KEYCLOAK_SECRET,
    SMTP_URL: smtpUrl,
    DOCUMENT_ENCRYPTION_KEY: input.documentKey,
    LOG_LEVEL: input.passedOn?.LOG_LEVEL ?? 'info',
  };
  const bundle = (name: string) => join(input.root, 'dist-server', name);
  const apis = Array.from({ length: input.apiCount }, (_, i): AppProcess => {
    const port = CLUSTER_PORTS.apiBase + i + 1;
    return {
      name: `api-${i + 1}`,
      kind: 'api',
      port,
      metricsPort: CLUSTER_PORTS.apiMetricsBase + i + 1,
      command: input.node,
      args: ['--enable-source-maps', bundle('server.mjs')],
      env: {
        ...portalEnv,
        HOST: '127.0.0.1',
        PORT: String(port),
        // Only nginx on this host may name the client's address (X-Forwarded-For).
        TRUST_PROXY: '127.0.0.1',
        // The jobs run in the worker processes.
        JOB_WORKERS: 'false',
        METRICS_PORT: String(CLUSTER_PORTS.apiMetricsBase + i + 1),
      },
      log: join(input.dir, 'logs', `api-${i + 1}.log`),
    };
  });
  const workers = Array.from({ length: input.workerCount }, (_, i): AppProcess => ({
    name: `worker-${i + 1}`,
    kind: 'worker',
    metricsPort: CLUSTER_PORTS.workerMetricsBase + i + 1,
    command: input.node,
    args: [...WORKER_NODE_FLAGS, bundle('worker.mjs')],
    env: { ...portalEnv, METRICS_PORT: String(CLUSTER_PORTS.workerMetricsBase + i + 1) },
    log: join(input.dir, 'logs', `worker-${i + 1}.log`),
  }));
  return { publicUrl, databaseUrl, keycloakUrl, smtpUrl, portalEnv, apis, workers };
}

/** The portal's variables (server/config.ts) set in `env`, to pass on to the cluster's processes. */
export function portalVariablesOf(
  env: Record<string, string | undefined>,
  names: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((name) => (env[name] !== undefined && env[name] !== '' ? [[name, env[name]!]] : [])),
  );
}
