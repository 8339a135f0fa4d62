import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { build } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';

export const DEMO = {
  systemAdmin: 'systemadmin@lumio.example',
  lumioAdmin: 'admin@lumio.example',
  integrator: 'integrator@fotosoft.example',
  /** SystemIntegratorAdmin of the other integrator, Bildwerk. */
  otherIntegrator: 'integrator@bildwerk.example',
  owner: 'inhaber@studio-sonnenschein.example',
  accountAdmin: 'kontoadmin@studio-sonnenschein.example',
  employee: 'mitarbeiterin@studio-sonnenschein.example',
  unverifiedOwner: 'neu@studio-morgenrot.example',
} as const;

/**
 * A fresh server per test file: its own database (in-memory PGlite, or the PostgreSQL database
 * named by TEST_DATABASE_URL, which .ci/run sets for the production-path run), with demo data.
 * `distDir` serves a built web app (default: ./dist, usually absent in tests).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    distDir?: string;
    logStream?: { write(line: string): void };
    clock?: () => Date;
    /** Changes a derived setting no variable sets alone (production's webhook target rules in embedded mode). */
    adjustConfig?: (config: AppConfig) => AppConfig;
  } = {},
): Promise<FastifyInstance & { database: Database }> {
  const loaded = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    SEED_DEMO_DATA: 'true',
    // Nothing of a test run is written to disk: keys the embedded mode would keep in DATA_DIR stay in memory.
    DATA_DIR: 'memory://',
    ...env,
  });
  const config = options.adjustConfig ? options.adjustConfig(loaded) : loaded;
  const databaseUrl = process.env.TEST_DATABASE_URL
    ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const app = await build({
    config,
    database,
    distDir: options.distDir,
    clock: options.clock,
    // Tests run scheduled jobs themselves; a run at a ten-minute mark would write into a table comparison.
    jobSchedules: false,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return Object.assign(app, { database });
}

/** Creates an empty database for one test file on the server TEST_DATABASE_URL points to. */
export async function freshPostgresDatabase(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `lumio_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * Calls the API as the web app does: with the anti-forgery cookie and header, and a bearer
 * token when given.
 */
export function apiClient(app: FastifyInstance, token?: string) {
  let xsrf: string | undefined;
  async function ensureXsrf() {
    if (xsrf) return xsrf;
    const res = await app.inject({ method: 'GET', url: '/config/config.json' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie');
    xsrf = cookie.value;
    return xsrf;
  }
  async function call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    extra: Partial<InjectOptions> = {},
  ) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET' && method !== 'HEAD') {
      const value = await ensureXsrf();
      headers['x-xsrf-token'] = value;
      headers.cookie = `XSRF-TOKEN=${value}`;
    }
    return app.inject({
      method,
      url,
      headers: { ...headers, ...(extra.headers as Record<string, string> | undefined) },
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      ...(extra.query ? { query: extra.query } : {}),
    });
  }
  return {
    get: (url: string, extra?: Partial<InjectOptions>) => call('GET', url, undefined, extra),
    post: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => call('POST', url, body, extra),
    put: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => call('PUT', url, body, extra),
    delete: (url: string, extra?: Partial<InjectOptions>) => call('DELETE', url, undefined, extra),
    /** Any other method (TRACE, PROPFIND, …), with the same cookie, header and token. */
    request: (method: string, url: string, body?: unknown) => call(method as InjectOptions['method'], url, body),
  };
}

export type ApiResponse = LightMyRequestResponse;

/** Collects the app's log lines (pass `stream` to buildTestApp's logStream). */
export function captureLog() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    /** Everything logged so far, as one text. */
    text: () => lines.join(''),
    clear: () => void lines.splice(0),
  };
}

/** Asserts the error body shape of ARCHITECTURE.md and returns it. */
export function errorOf(res: ApiResponse) {
  const body = res.json() as { errorCode: string; messages: string[]; traceId: string; status: number };
  if (body.status !== res.statusCode || !Array.isArray(body.messages) || typeof body.traceId !== 'string') {
    throw new Error(`not an error body: ${res.body}`);
  }
  return body;
}
