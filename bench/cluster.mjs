// Issue 23, part 9: proof under failure. Starts `npm run cluster` (two API instances, one worker,
// nginx, PostgreSQL, Keycloak), creates one licence with a large package per device through the API
// as the integrator, and then, through nginx, lets N devices (the device simulator, one process
// each, with its documented retries) record identification processes while
//   (a) one API instance is killed with SIGKILL and started again (npm run cluster -- --restart-api
//       starts the dead one, then restarts the other one gracefully), and
//   (b) a rolling restart of both instances runs (npm run cluster -- --restart-api).
// Meanwhile a portal probe logs in through Keycloak's login page and loads what the dashboard
// needs through nginx. Checked: zero device calls failed after the retries, every process consumed
// exactly one unit (rows = recorded + replayed answers, each answer's id is the row of its key, the
// packages' used amounts equal their processes), the portal kept answering. Also: a public route's
// limit holds across both instances (61st request in a minute from one address is 429, requests
// alternating between the instances), and a report requested through one instance downloads
// through the other. Prints figures (bench/README.md "Cluster") and exits 1 if a check fails, so
// that CI runs it as a test:
//
//   node bench/cluster.mjs [--devices 20] [--seconds 20] [--port 8080] [--quick] [--keep]
//     --quick   CI's smallest setting: 20 devices, 15 s per scenario
//     --keep    leave the cluster running afterwards (npm run cluster -- --stop ends it)
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loginThroughKeycloak } from './lib/keycloak-login.mjs';
import { percentile, reportBudgets } from './lib/report.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values: opts } = parseArgs({
  options: {
    devices: { type: 'string', default: '20' },
    seconds: { type: 'string' },
    port: { type: 'string', default: '8080' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(opts.devices);
const SECONDS = Number(opts.seconds ?? (opts.quick ? 15 : 25));
const PORT = Number(opts.port);
const PORTAL = `http://localhost:${PORT}`;
const KEYCLOAK = 'http://localhost:8180';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:54380/lumio';
const PASSWORD = 'lumio-demo';
const DISRUPT_AFTER_MS = 3000;
const node = process.execPath;
const CLUSTER_LOGS = join(process.env.LUMIO_CLUSTER_DIR ?? join(root, '.cluster'), 'logs');
/** Every secret this run sent (licence keys, tokens, invitation ids): none may be in a log. */
const secrets = new Set();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const failures = [];
function check(ok, what) {
  console.log(`${ok ? 'ok    ' : 'FEHLER'} ${what}`);
  if (!ok) failures.push(what);
  return ok;
}

/**
 * The simulated devices are load generators: each records as fast as the cluster answers, 20 to 30
 * a second, where a studio PC records a few an hour. The per-licence limit (1,000 a minute, counted
 * by all instances together, tests/api/shared-rate-limit.test.ts) would refuse them after a minute,
 * so the cluster runs with a limit they cannot reach.
 */
const CLUSTER_ENV = { ...process.env, RATE_LIMIT_DEVICE_PER_MINUTE: '1000000' };

function cluster(...args) {
  const result = spawnSync(node, ['--import', 'tsx', join(root, 'scripts/cluster.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: CLUSTER_ENV,
  });
  if (result.status !== 0) throw new Error(`npm run cluster -- ${args.join(' ')}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** npm run cluster -- --restart-api in the background; resolves with its output and duration. */
function restartApi() {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['--import', 'tsx', join(root, 'scripts/cluster.ts'), '--restart-api'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      code === 0
        ? resolve({ output, seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`--restart-api: ${output}`)),
    );
  });
}

const status = () => JSON.parse(cluster('--status'));

async function api(path, { token, method = 'GET', body, base = PORTAL, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      // The double-submit pair of a browser session (docs/permissions.md, anti-forgery).
      ...(method === 'GET' ? {} : { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' }),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

const isoDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** One licence with a package of 1,000,000 units per device, created as the integrator would. */
async function createDeviceLicences(db, token) {
  const {
    rows: [store],
  } = await db.query(
    `select s.id as store_id, si.id as integrator_id from stores s join system_integrators si on si.id = s.system_integrator_id
     where s.name = 'Sonnenschein Neukölln'`,
  );
  const devices = [];
  for (let i = 1; i <= DEVICES; i++) {
    const licence = await api('/api/license', {
      token,
      method: 'POST',
      body: {
        storeId: store.store_id,
        systemIntegratorId: store.integrator_id,
        resellerId: null,
        postpaidAllowed: false,
      },
    });
    if (licence.status !== 201) throw new Error(`creating a licence: ${licence.status} ${licence.text}`);
    const pack = await api(`/api/license/${licence.json.id}/prepaid-package`, {
      token,
      method: 'POST',
      body: { startDate: isoDay(-1), endDate: isoDay(30), amount: 1_000_000 },
    });
    if (pack.status !== 201) throw new Error(`creating a package: ${pack.status} ${pack.text}`);
    const machine = `CLUSTER-BENCH-PC-${String(i).padStart(2, '0')}`;
    const activation = await fetch(`${PORTAL}/api/device/activation`, {
      method: 'POST',
      headers: {
        authorization: `License ${licence.json.key}`,
        'x-machine-id': machine,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    if (activation.status !== 201) throw new Error(`activating: ${activation.status}`);
    secrets.add(licence.json.key);
    devices.push({ licenceId: licence.json.id, key: licence.json.key, machine });
  }
  return devices;
}

/** The device simulator, one process per device, until `seconds` are over. */
function runDevice(device, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      node,
      [
        '--import',
        'tsx',
        join(root, 'scripts/device.ts'),
        'identify',
        '--duration',
        String(seconds),
        '--json',
        '--url',
        PORTAL,
        '--key',
        device.key,
        '--machine',
        device.machine,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    // 'close', not 'exit': only then has everything the child printed been read (a run of the
    // benchmark failed on an empty summary when 'exit' came before the last chunk of stdout).
    child.on('close', (code, signal) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        reject(new Error(`device ${device.machine} (exit ${code ?? signal}): ${out}${err}`));
      }
    });
  });
}

/**
 * What a person at the portal does meanwhile, through nginx: the web app and its configuration,
 * the dashboard's data with the Owner's token, and every few seconds a new login through Keycloak.
 */
function portalProbe(ownerToken) {
  const result = { requests: 0, failures: [], logins: 0, latencies: [] };
  let running = true;
  const loop = (async () => {
    let lastLogin = 0;
    while (running) {
      const started = performance.now();
      try {
        if (performance.now() - lastLogin > 5000) {
          lastLogin = performance.now();
          const fresh = await loginThroughKeycloak({
            keycloakUrl: KEYCLOAK,
            portalUrl: PORTAL,
            username: 'inhaber@studio-sonnenschein.example',
            password: PASSWORD,
          });
          ownerToken = fresh.accessToken;
          secrets.add(fresh.accessToken).add(fresh.refreshToken);
          result.logins += 1;
        }
        for (const [path, token] of [
          ['/', undefined],
          ['/config/config.json', undefined],
          ['/api/self', ownerToken],
        ]) {
          result.requests += 1;
          const res = await api(path, { token });
          if (res.status !== 200) result.failures.push(`${path}: ${res.status}`);
        }
      } catch (err) {
        result.failures.push(err instanceof Error ? err.message : String(err));
      }
      result.latencies.push(performance.now() - started);
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return result;
    },
  };
}

async function scenario(name, devices, ownerToken, disrupt) {
  console.log(`\n== ${name}: ${devices.length} Geräte, ${SECONDS} s`);
  const probe = portalProbe(ownerToken);
  const started = performance.now();
  const running = devices.map((device) => runDevice(device, SECONDS));
  await sleep(DISRUPT_AFTER_MS);
  const disruption = await disrupt();
  const summaries = await Promise.all(running);
  const seconds = (performance.now() - started) / 1000;
  const portal = await probe.stop();
  const total = (field) => summaries.reduce((sum, s) => sum + s[field], 0);
  const answers = summaries.flatMap((s) => s.answers);
  const figures = {
    name,
    requests: total('requests'),
    recorded: total('recorded'),
    replayed: total('replayed'),
    refused: total('refused'),
    failed: total('failed'),
    retries: total('attempts') - total('requests'),
    perSecond: total('requests') / seconds,
    p95: percentile(
      answers.map((a) => a.ms),
      95,
    ),
    max: Math.max(...answers.map((a) => a.ms)),
    portal,
    disruption,
  };
  console.log(
    `${figures.requests} Vorgänge (${figures.perSecond.toFixed(0)}/s): ${figures.recorded} erfasst, ${figures.replayed} wiederholt beantwortet, ` +
      `${figures.refused} abgelehnt, ${figures.failed} ohne Antwort; ${figures.retries} Wiederholungen; ` +
      `Dauer je Vorgang p95 ${figures.p95} ms, max ${figures.max} ms`,
  );
  console.log(
    `Portal: ${portal.requests} Anfragen, ${portal.logins} Anmeldungen über Keycloak, ${portal.failures.length} Fehler` +
      (portal.failures.length ? ` (${[...new Set(portal.failures)].slice(0, 5).join('; ')})` : ''),
  );
  check(figures.failed === 0, `${name}: kein Geräteaufruf scheitert nach den dokumentierten Wiederholungen`);
  check(figures.refused === 0, `${name}: kein Geräteaufruf abgelehnt`);
  check(portal.failures.length === 0, `${name}: Portal (Anmeldung, Web-App, Dashboard-Daten) antwortet durchgehend`);
  return { figures, answers: summaries.flatMap((s, i) => s.answers.map((a) => ({ ...a, device: devices[i] }))) };
}

/** Every process consumed exactly one unit: the database against what the devices were told. */
async function checkConsumption(db, devices, answers) {
  const ids = devices.map((d) => d.licenceId);
  const { rows } = await db.query(
    `select p.id, p.idempotency_key, p.license_id, p.package_id, p.status from identification_processes p
     where p.license_id = any($1::uuid[])`,
    [ids],
  );
  const byKey = new Map(rows.map((row) => [`${row.license_id}:${row.idempotency_key}`, row]));
  const answered = answers.filter((a) => a.status === 200 || a.status === 201);
  check(
    rows.length === answered.length,
    `je beantwortetem Vorgang genau eine Zeile (${rows.length} Zeilen, ${answered.length} Antworten)`,
  );
  const mismatched = answered.filter((a) => byKey.get(`${a.device.licenceId}:${a.idempotencyKey}`)?.id !== a.id);
  check(
    mismatched.length === 0,
    `jede Antwort nennt den Vorgang ihres Idempotenz-Schlüssels (${mismatched.length} abweichend)`,
  );
  const { rows: packages } = await db.query(
    `select pp.id, pp.amount, pp.used_amount,
            (select count(*)::int from identification_processes p where p.package_id = pp.id and p.status <> 'Cancelled') as processes
     from prepaid_packages pp where pp.license_id = any($1::uuid[])`,
    [ids],
  );
  const wrong = packages.filter((p) => p.used_amount !== p.processes || p.used_amount > p.amount);
  check(
    wrong.length === 0,
    `jedes Paket hat genau so viele Einheiten verbraucht, wie es Vorgänge hat (${packages.length} Pakete)`,
  );
  return { rows: rows.length, packages: packages.length };
}

/** No log of any process of the cluster (API, worker, nginx, …) holds a secret this run sent. */
function checkLogs() {
  const files = readdirSync(CLUSTER_LOGS).filter((name) => name.endsWith('.log'));
  const leaks = [];
  for (const name of files) {
    const text = readFileSync(join(CLUSTER_LOGS, name), 'utf8');
    for (const secret of secrets) if (text.includes(secret)) leaks.push(`${name}: ${secret.slice(0, 12)}…`);
    if (/[?&](code|token|state)=/.test(text)) leaks.push(`${name}: a query string with code/token/state`);
  }
  check(
    leaks.length === 0,
    `kein Geheimnis in ${files.length} Logs des Clusters (${secrets.size} geprüft)${leaks.length ? `: ${leaks.slice(0, 3).join(', ')}` : ''}`,
  );
  return leaks.length;
}

/** The 61st request in a minute from one address is 429, the requests alternating between the instances. */
async function checkSharedLimit(apis) {
  const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
  const statuses = [];
  for (let i = 0; i < 61; i++) {
    const target = apis[i % apis.length];
    const invitation = randomUUID();
    secrets.add(invitation);
    const res = await api(`/api/employee-invitation/${invitation}`, {
      base: `http://127.0.0.1:${target.port}`,
      headers: { 'x-forwarded-for': address },
    });
    statuses.push(res.status);
  }
  const limited = statuses.findIndex((s) => s === 429);
  check(
    limited === 60,
    `öffentliche Route über ${apis.length} Instanzen: Anfrage 61 ist die erste mit 429 (war ${limited === -1 ? 'keine' : limited + 1})`,
  );
  return limited + 1;
}

/** A report requested through one instance is downloaded through the other. */
async function checkReportAcrossInstances(apis, adminToken) {
  const [first, second] = apis;
  const requested = await api('/api/identification-process/reports', {
    base: `http://127.0.0.1:${first.port}`,
    token: adminToken,
    method: 'POST',
    body: { startDate: isoDay(-400), endDate: isoDay(0) },
  });
  if (!check(requested.status === 201, `Auswertung über ${first.name} angefordert (${requested.status})`)) return;
  const id = requested.json.id;
  const deadline = Date.now() + 60_000;
  let state;
  while (Date.now() < deadline) {
    const list = await api('/api/identification-process/reports?pageSize=100', {
      base: `http://127.0.0.1:${second.port}`,
      token: adminToken,
    });
    state = list.json?.items?.find((r) => r.id === id)?.state;
    if (state === 'Completed' || state === 'Failed') break;
    await sleep(500);
  }
  check(state === 'Completed', `die Auswertung ist fertig (${state})`);
  const res = await fetch(`http://127.0.0.1:${second.port}/api/identification-process/reports/${id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  check(
    res.status === 200 && bytes.subarray(0, 2).toString() === 'PK',
    `über ${second.name} heruntergeladen: ${res.status}, ${bytes.length} Bytes ZIP`,
  );
}

async function main() {
  console.log(`load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores`);
  const clusterStarted = performance.now();
  console.log(cluster('--detach', '--port', String(PORT)));
  const startSeconds = (performance.now() - clusterStarted) / 1000;
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { processes } = status();
    const apis = processes.filter((p) => p.name.startsWith('api-')).map((p) => ({ name: p.name, port: p.port }));
    const login = (username) =>
      loginThroughKeycloak({ keycloakUrl: KEYCLOAK, portalUrl: PORTAL, username, password: PASSWORD });
    const integrator = await login('integrator@fotosoft.example');
    const owner = await login('inhaber@studio-sonnenschein.example');
    const admin = await login('admin@lumio.example');
    for (const tokens of [integrator, owner, admin]) secrets.add(tokens.accessToken).add(tokens.refreshToken);

    const limitAt = await checkSharedLimit(apis);
    await checkReportAcrossInstances(apis, admin.accessToken);
    const devices = await createDeviceLicences(db, integrator.accessToken);

    const kill = await scenario('(a) SIGKILL einer Instanz', devices, owner.accessToken, async () => {
      const victim = status().processes.find((p) => p.name === 'api-1');
      process.kill(victim.pid, 'SIGKILL');
      console.log(`api-1 (PID ${victim.pid}) mit SIGKILL beendet`);
      await sleep(2000);
      return restartApi();
    });
    const rolling = await scenario('(b) rollender Neustart', devices, owner.accessToken, () => restartApi());
    const consumption = await checkConsumption(db, devices, [...kill.answers, ...rolling.answers]);
    const leaks = checkLogs();

    const row = (budget, limit, measured, ok) => ({ budget, limit, measured, verdict: ok ? 'PASS' : 'OVER' });
    const info = (budget, measured) => ({ budget, limit: '(info)', measured, verdict: 'info' });
    const rows = [];
    for (const { figures } of [kill, rolling]) {
      rows.push(
        row(`${figures.name}: device calls failed after retries`, '0', String(figures.failed), figures.failed === 0),
        row(
          `${figures.name}: portal requests failed`,
          '0',
          String(figures.portal.failures.length),
          figures.portal.failures.length === 0,
        ),
        info(
          `${figures.name}: device processes, retries, replayed`,
          `${figures.requests} (${figures.perSecond.toFixed(0)}/s), ${figures.retries}, ${figures.replayed}`,
        ),
        info(`${figures.name}: device wait p95 / max (retries included)`, `${figures.p95} ms / ${figures.max} ms`),
        info(`${figures.name}: restart-api took`, `${figures.disruption.seconds.toFixed(1)} s`),
      );
    }
    rows.push(
      row(
        'processes = answered requests, each unit once',
        'exact',
        `${consumption.rows} rows`,
        !failures.some((f) => f.includes('Zeile') || f.includes('Paket')),
      ),
      row('public route limit over 2 instances: first 429', 'request 61', `request ${limitAt}`, limitAt === 61),
      row('secrets in the logs of every process and nginx', '0', String(leaks), leaks === 0),
      info('cluster start (npm run cluster -- --detach)', `${startSeconds.toFixed(1)} s`),
    );
    reportBudgets('cluster', rows);
  } finally {
    await db.end();
    if (!opts.keep) console.log(cluster('--stop'));
  }
  if (failures.length) {
    console.error(`\n${failures.length} Prüfungen fehlgeschlagen:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

await main();
