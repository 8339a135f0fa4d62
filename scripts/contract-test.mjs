// `npm run test:contract` (issue 26, part 2): what an integrator does with the OpenAPI document.
// Starts the portal as `npm start` does (built server, fresh embedded data with the demo data),
// fetches /api/docs/json, generates TypeScript types from it with openapi-typescript, type-checks
// the client program tests/contract/deviceFlow.ts against them (tests/contract/tsconfig.json;
// ESLint forbids casts, `any` and non-null assertions there) and runs it against the portal with
// openapi-fetch: activate, validate, record with an idempotency key, replay, cancel; then
// tests/contract/backOfficeFlow.ts: an API client's back office with the client-credentials grant.
//
// Usage: npm run test:contract [-- --no-build]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { loginThroughKeycloak } from '../bench/lib/keycloak-login.mjs';
import { PASSWORD, USERS } from '../bench/lib/login.mjs';
import { spawnServer } from '../bench/lib/server-process.mjs';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const generated = join(root, 'tests/contract/generated');

function step(title, command, args, env = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`FEHLER ${title} (${seconds} s)`);
    return false;
  }
  console.log(`ok   ${title} (${seconds} s)`);
  return true;
}

if (!process.argv.includes('--no-build')) await buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'lumio-contract-'));
// CONTRACT_PORT: a fixed port where several runs share a machine; else a free one.
const port = process.env.CONTRACT_PORT ? Number(process.env.CONTRACT_PORT) : undefined;
const server = await spawnServer({ dataDir, port, env: { LOG_LEVEL: 'warn' } });
let ok = false;
try {
  await server.serving();
  const answer = await fetch(`${server.base}/api/docs/json`);
  if (answer.status !== 200) throw new Error(`GET /api/docs/json answered ${answer.status}`);
  const document = await answer.json();
  mkdirSync(generated, { recursive: true });
  writeFileSync(join(generated, 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  writeFileSync(join(generated, 'lumio-api.ts'), astToString(await openapiTS(document)));
  console.log(`ok   Typen aus /api/docs/json erzeugt (${Object.keys(document.paths).length} Pfade)`);

  const node = process.execPath;
  ok =
    step('Client gegen die erzeugten Typen geprüft (tsc)', node, [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tests/contract/tsconfig.json',
    ]) &&
    step('Client ohne Cast, any und Non-Null-Assertion (ESLint)', node, [
      join(root, 'node_modules/eslint/bin/eslint.js'),
      'tests/contract',
    ]) &&
    step(
      'Geräteablauf gegen das laufende Portal',
      node,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), 'tests/contract/deviceFlow.ts'],
      {
        LUMIO_URL: server.base,
      },
    ) &&
    step(
      'Backoffice-Ablauf mit API-Zugang (Client Credentials) gegen das laufende Portal',
      node,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), 'tests/contract/backOfficeFlow.ts'],
      {
        LUMIO_URL: server.base,
        // The demo SystemIntegratorAdmin signs in through the provider's pages, as in a browser;
        // creating an API client is a person's call, never an API client's.
        LUMIO_SIA_TOKEN: (
          await loginThroughKeycloak({
            // PUBLIC_URL's host: the provider sends the browser back to the web app's origin only.
            keycloakUrl: `http://localhost:${server.port}`,
            portalUrl: `http://localhost:${server.port}`,
            username: USERS.integrator,
            password: PASSWORD,
          })
        ).accessToken,
      },
    );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
