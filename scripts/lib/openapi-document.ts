/**
 * The OpenAPI document exactly as GET /api/docs/json serves it, from the app built without
 * listening: on an empty in-memory database, without demo data, job workers or log output. The
 * document depends on the routes and the configuration only, so nothing else is needed.
 */
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

/**
 * PUBLIC_URL of the document: it becomes the document's server (server/plugins/docs.ts). An
 * installation's address, not localhost, which Redocly rightly flags in a published document.
 */
export const DOCUMENT_PUBLIC_URL = 'https://portal.lumio.example';

export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: DOCUMENT_PUBLIC_URL,
    SEED_DEMO_DATA: 'false',
    JOB_WORKERS: 'false',
    DATA_DIR: 'memory://',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const app = await build({ config, database, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}: ${res.body}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
