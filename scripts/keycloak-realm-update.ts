// `npm run keycloak:update-realm` (issue 24): brings a realm imported from an older
// deploy/keycloak/lumio-realm.json up to the file's second factor, through the Admin REST API:
// the OTP policy, the role `lumio-otp-required` inside the three roles that must use it, the
// browser and forgot-password flows (created when missing, then bound), the German text overrides,
// and (issue 26) the client roles of the service account lumio-server (manage-clients for API clients).
// Partial import covers none of that but the role (docs/production.md, B.1). It changes nothing
// else and may run again: what exists is left as it is.
//
//   KEYCLOAK_URL=https://id.example.de KEYCLOAK_ADMIN_USER=… KEYCLOAK_ADMIN_PASSWORD=… \
//   [KEYCLOAK_ADMIN_TOTP=123456] [KEYCLOAK_REALM=lumio] npm run keycloak:update-realm
//
// The administrator is one of the master realm (admin-cli's password grant), with its code when it
// has a second factor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Execution {
  authenticator?: string;
  authenticatorConfig?: string;
  flowAlias?: string;
  authenticatorFlow: boolean;
  requirement: string;
  priority: number;
}
interface Flow {
  alias: string;
  description: string;
  providerId: string;
  topLevel: boolean;
  authenticationExecutions: Execution[];
}
interface RealmFile {
  roles: { realm: { name: string; description?: string; composites?: { realm: string[] } }[] };
  authenticationFlows: Flow[];
  authenticatorConfig: { alias: string; config: Record<string, string> }[];
  localizationTexts: Record<string, Record<string, string>>;
  browserFlow: string;
  resetCredentialsFlow: string;
  users: { serviceAccountClientId?: string; clientRoles?: Record<string, string[]> }[];
  [setting: string]: unknown;
}

const root = new URL('..', import.meta.url).pathname;
const file = JSON.parse(readFileSync(join(root, 'deploy/keycloak/lumio-realm.json'), 'utf8')) as RealmFile;
const OTP_POLICY_KEYS = Object.keys(file).filter((key) => key.startsWith('otpPolicy'));

class UpdateError extends Error {}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new UpdateError(`${name} fehlt (siehe Kopf von scripts/keycloak-realm-update.ts).`);
  return value;
}

async function adminToken(base: string): Promise<string> {
  const totp = process.env.KEYCLOAK_ADMIN_TOTP;
  const res = await fetch(`${base}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: required('KEYCLOAK_ADMIN_USER'),
      password: required('KEYCLOAK_ADMIN_PASSWORD'),
      ...(totp ? { totp } : {}),
    }),
  });
  if (!res.ok) throw new UpdateError(`Anmeldung des Administrators im Realm master abgelehnt (HTTP ${res.status}).`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function adminApi(base: string, realm: string, token: string) {
  return async <T = unknown>(method: string, path: string, body?: unknown, okStatus: number[] = []): Promise<T> => {
    const res = await fetch(`${base}/admin/realms/${realm}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (!res.ok && !okStatus.includes(res.status)) {
      throw new UpdateError(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    }
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

type Api = ReturnType<typeof adminApi>;
const flowPath = (alias: string) => `/authentication/flows/${encodeURIComponent(alias)}`;

/** Adds the flow's executions in the file's order (Keycloak appends each), with requirement and config. */
async function addExecutions(api: Api, flow: Flow, log: (line: string) => void): Promise<void> {
  const executions = [...flow.authenticationExecutions].sort((a, b) => a.priority - b.priority);
  for (const execution of executions) {
    if (execution.authenticatorFlow) {
      const sub = file.authenticationFlows.find((candidate) => candidate.alias === execution.flowAlias);
      if (!sub) throw new UpdateError(`Der Realm-Datei fehlt der Ablauf ${execution.flowAlias}.`);
      await api('POST', `${flowPath(flow.alias)}/executions/flow`, {
        alias: sub.alias,
        description: sub.description,
        type: sub.providerId,
        provider: 'registration-page-form',
      });
    } else {
      await api('POST', `${flowPath(flow.alias)}/executions/execution`, { provider: execution.authenticator });
    }
    // The one just added is the flow's last direct step (level 0).
    const steps = await api<{ id: string; level: number; requirement: string }[]>(
      'GET',
      `${flowPath(flow.alias)}/executions`,
    );
    const added = steps.filter((step) => step.level === 0).at(-1)!;
    if (added.requirement !== execution.requirement) {
      await api('PUT', `${flowPath(flow.alias)}/executions`, { ...added, requirement: execution.requirement });
    }
    if (execution.authenticatorConfig) {
      const config = file.authenticatorConfig.find((candidate) => candidate.alias === execution.authenticatorConfig);
      if (!config) throw new UpdateError(`Der Realm-Datei fehlt die Konfiguration ${execution.authenticatorConfig}.`);
      await api('POST', `/authentication/executions/${added.id}/config`, config);
    }
    if (execution.authenticatorFlow) {
      const sub = file.authenticationFlows.find((candidate) => candidate.alias === execution.flowAlias)!;
      await addExecutions(api, sub, log);
    }
  }
  log(`  Ablauf „${flow.alias}“: ${executions.length} Schritte`);
}

/**
 * The client roles the file gives the portal's service accounts (issue 26: manage-clients and
 * view-clients of realm-management, for the API clients of system integrators). Mapping a role
 * the account has already changes nothing.
 */
async function grantServiceAccountRoles(api: Api, log: (line: string) => void): Promise<void> {
  const clientUuid = async (clientId: string) => {
    const [client] = await api<{ id: string }[]>('GET', `/clients?clientId=${encodeURIComponent(clientId)}`);
    if (!client) throw new UpdateError(`Der Realm hat keinen Client ${clientId}.`);
    return client.id;
  };
  for (const account of file.users.filter((user) => user.serviceAccountClientId)) {
    const owner = await clientUuid(account.serviceAccountClientId!);
    const user = await api<{ id: string }>('GET', `/clients/${owner}/service-account-user`);
    for (const [clientId, names] of Object.entries(account.clientRoles ?? {})) {
      const roleClient = await clientUuid(clientId);
      const roles = await Promise.all(
        names.map((name) =>
          api<{ id: string; name: string }>('GET', `/clients/${roleClient}/roles/${encodeURIComponent(name)}`),
        ),
      );
      await api('POST', `/users/${user.id}/role-mappings/clients/${roleClient}`, roles);
      log(`  Dienstkonto von ${account.serviceAccountClientId}: ${clientId} ${names.join(', ')}`);
    }
  }
}

async function main(): Promise<void> {
  const base = required('KEYCLOAK_URL').replace(/\/$/, '');
  const realm = process.env.KEYCLOAK_REALM ?? 'lumio';
  const api = adminApi(base, realm, await adminToken(base));
  const log = (line: string) => console.log(line);
  log(`Realm ${realm} auf ${base}:`);

  const policy = Object.fromEntries(OTP_POLICY_KEYS.map((key) => [key, file[key]]));
  await api('PUT', '', policy);
  log(`  OTP-Richtlinie gesetzt (${OTP_POLICY_KEYS.length} Werte)`);

  for (const role of file.roles.realm.filter((candidate) => !candidate.composites)) {
    // 201 has no body; 409 (the role exists) has one and is left alone.
    const conflict = await api('POST', '/roles', { name: role.name, description: role.description }, [409]);
    if (conflict === undefined) log(`  Rolle ${role.name} angelegt`);
  }
  for (const role of file.roles.realm.filter((candidate) => candidate.composites)) {
    const parts = await Promise.all(
      role.composites!.realm.map((name) =>
        api<{ id: string; name: string }>('GET', `/roles/${encodeURIComponent(name)}`),
      ),
    );
    await api('POST', `/roles/${encodeURIComponent(role.name)}/composites`, parts);
    log(`  Rolle ${role.name} enthält ${role.composites!.realm.join(', ')}`);
  }

  const existing = new Set((await api<{ alias: string }[]>('GET', '/authentication/flows')).map((flow) => flow.alias));
  for (const flow of file.authenticationFlows.filter((candidate) => candidate.topLevel)) {
    if (existing.has(flow.alias)) {
      log(`  Ablauf „${flow.alias}“ vorhanden, unverändert gelassen`);
      continue;
    }
    await api('POST', '/authentication/flows', {
      alias: flow.alias,
      description: flow.description,
      providerId: flow.providerId,
      topLevel: true,
      builtIn: false,
    });
    await addExecutions(api, flow, log);
  }
  await api('PUT', '', { browserFlow: file.browserFlow, resetCredentialsFlow: file.resetCredentialsFlow });
  log(`  gebunden: Browser „${file.browserFlow}“, Passwort vergessen „${file.resetCredentialsFlow}“`);

  for (const [locale, texts] of Object.entries(file.localizationTexts)) {
    for (const [key, text] of Object.entries(texts)) {
      await api('PUT', `/localization/${locale}/${encodeURIComponent(key)}`, text);
    }
    log(`  ${Object.keys(texts).length} Texte (${locale}) gesetzt`);
  }
  await grantServiceAccountRoles(api, log);
  log('Fertig. Prüfen: eine Anmeldung je Art (docs/production.md, B.1).');
}

main().catch((err: unknown) => {
  console.error(err instanceof UpdateError ? err.message : err);
  process.exit(1);
});
