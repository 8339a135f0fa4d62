/**
 * The server side of bench/dashboard.mjs: the real app (build() from server/app.ts with the demo
 * data) on an in-memory PGlite or on PostgreSQL (BENCH_DATABASE_URL, a fresh database), with
 * BENCH_PROCESSES identification processes written straight into the database over the last 1,000
 * days (bench/lib/seed-processes.ts, as the report benchmark seeds them). Reports
 * { port, tokens: { role: token }, seeded, seedMs, kind } over IPC once it listens.
 */
import { loginAs } from '../tests/api/helpers/login';
import { answerParent, failStartup, sendToParent } from './lib/parent-channel';
import { seededApp } from './lib/seeded-app';
import { processCount } from './lib/seed-processes';

/** One demo account per kind of answer (src/domain/dashboard.ts). */
const ROLES = {
  Owner: 'inhaber@studio-sonnenschein.example',
  AccountAdministrator: 'kontoadmin@studio-sonnenschein.example',
  Employee: 'mitarbeiterin@studio-sonnenschein.example',
  LumioAdmin: 'admin@lumio.example',
  SystemIntegratorAdmin: 'integrator@fotosoft.example',
  SystemAdmin: 'systemadmin@lumio.example',
} as const;

async function main() {
  const { app, database, seedMs } = await seededApp({ defaultProcesses: 1_000_000, jobWorkers: 'false' });

  const tokens: Record<string, string> = {};
  for (const [role, email] of Object.entries(ROLES)) tokens[role] = (await loginAs(app, email)).accessToken;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  answerParent<{ type: 'stop' }>(app, async () => undefined);
  sendToParent({
    type: 'ready',
    kind: database.kind,
    port: address.port,
    tokens,
    seeded: await processCount(database),
    seedMs,
  });
}

main().catch(failStartup);
