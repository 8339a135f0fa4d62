import { createHash, randomBytes } from 'node:crypto';
import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { RuntimeConfig } from '../../../src/domain/runtimeConfig';
import { loginThroughKeycloak } from '../../../bench/lib/keycloak-login.mjs';
import { sendUnusedTotpCode } from '../../../scripts/lib/totp.mjs';
import { DEMO_PASSWORD, DEMO_USERS } from './demoUsers';
import { linkMatching, waitForMail, SET_PASSWORD_LINK } from './mails';

/** An owner made for one test: the company is its own, so the test may change or delete it. */
export interface NewOwner {
  email: string;
  password: string;
  /** First and last name, as the header's profile button shows them. */
  displayName: string;
  companyName: string;
}

const MAIL = {
  confirmation: 'Bitte bestätigen Sie Ihre Registrierung bei Lumio',
  activation: 'Ihr Lumio-Konto wurde eingerichtet',
};

/** An attribute value as the browser reads it (numeric entities and &amp;). */
const unescapeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

function expectStatus(response: APIResponse, status: number, what: string) {
  expect(response.status(), what).toBe(status);
}

/** The anti-forgery cookie the API set for this context, to echo in X-XSRF-TOKEN. */
export async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/config/config.json');
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': cookie.value };
}

/** The path and query of a redirect of the identity provider. */
function location(response: APIResponse): string {
  const target = response.headers().location;
  if (!target) throw new Error(`expected a redirect, got ${response.status()}`);
  const url = new URL(target, 'http://placeholder');
  return `${url.pathname}${url.search}`;
}

/**
 * An access token of `email` through the identity provider's real code flow with PKCE, as
 * keycloak-js gets one, in a request context of its own: never the page's (its browser stays
 * signed out), and never one holding another person's IdP session (the IdP would answer the
 * authorization for that person without showing its login form).
 */
export async function accessTokenOf(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const { keycloak } = (await (await request.get('/config/config.json')).json()) as RuntimeConfig;
    // A real Keycloak (playwright.keycloak.config.ts) has pages of its own; the embedded one lives at the portal.
    if (new URL(keycloak.url).origin !== new URL(baseURL).origin) {
      const { accessToken } = await loginThroughKeycloak({
        keycloakUrl: keycloak.url,
        realm: keycloak.realm,
        clientId: keycloak.clientId,
        portalUrl: baseURL,
        username: email,
        password,
      });
      return accessToken;
    }
    return await codeFlowToken(request, baseURL, email, password);
  } finally {
    await request.dispose();
  }
}

async function codeFlowToken(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
): Promise<string> {
  const { keycloak } = (await (await request.get('/config/config.json')).json()) as RuntimeConfig;
  const realm = `/realms/${keycloak.realm}/protocol/openid-connect`;
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseURL}/`;
  const query = new URLSearchParams({
    client_id: keycloak.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorize = await request.get(`${realm}/auth?${query}`, { maxRedirects: 0 });
  const loginForm = location(authorize);
  let posted = await request.post(loginForm, {
    form: { username: email, password },
    maxRedirects: 0,
  });
  // Issue 24: the provider roles' demo accounts answer the code page after the password.
  const codeForm =
    posted.status() === 200 ? /<form id="kc-otp-login-form"[^>]*action="([^"]+)"/.exec(await posted.text()) : null;
  if (codeForm) {
    // Sent under the account's lock: a parallel worker's login of the account waits its turn.
    posted = await sendUnusedTotpCode(email, undefined, (otp) =>
      request.post(unescapeHtml(codeForm[1]), { form: { otp }, maxRedirects: 0 }),
    );
  }
  expectStatus(posted, 303, `login of ${email}`);
  const resumed = await request.get(location(posted), { maxRedirects: 0 });
  const code = new URL(resumed.headers().location ?? '').searchParams.get('code');
  if (!code) throw new Error('no authorization code');
  const token = await request.post(`${realm}/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: keycloak.clientId,
      code_verifier: verifier,
    },
  });
  expectStatus(token, 200, 'token endpoint');
  return ((await token.json()) as { access_token: string }).access_token;
}

/**
 * A new company and its owner, made through the API the way production makes them: the studio
 * applies (public), confirms through the mailed link, the LumioAdmin approves, and the owner sets
 * a password through the activation mail's link. The owner's initial registration is unfinished
 * (no eID binding yet). `label` keeps the addresses of several tests apart.
 */
export async function createNewOwner(request: APIRequestContext, baseURL: string, label: string): Promise<NewOwner> {
  const run = `${label}-${Date.now()}`;
  const owner = {
    email: `inhaber-${run}@studio-test.example`,
    password: `Neustart-${run}-1`,
    displayName: 'Olivia Ostwind',
    companyName: `Fotostudio Ostwind ${run} GmbH`,
  };
  const headers = await xsrfHeader(request);
  const submitted = await request.post('/api/company-application', {
    headers,
    data: {
      salutation: 'Frau',
      firstName: 'Olivia',
      lastName: 'Ostwind',
      birthDate: '1986-05-14',
      email: owner.email,
      companyName: owner.companyName,
      legalForm: 'GmbH',
      address: 'Seestraße 4, 24103 Kiel',
      country: 'Deutschland',
      phoneNumber: '+494311234567',
      documentIds: [],
    },
  });
  expectStatus(submitted, 201, 'application submitted');
  const { id } = (await submitted.json()) as { id: string };

  const confirmation = await waitForMail(request, { to: owner.email, subject: MAIL.confirmation });
  const confirmLink = new URL(linkMatching(confirmation, /\/company-application\/[^/]+\/confirm\?token=/));
  const confirmed = await request.get(`/api${confirmLink.pathname}${confirmLink.search}`);
  expectStatus(confirmed, 200, 'application confirmed');

  const token = await accessTokenOf(baseURL, DEMO_USERS.lumioAdmin.email);
  const approved = await request.put(`/api/company-application/${id}/status`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { status: 'Approved' },
  });
  expectStatus(approved, 200, 'application approved');

  const activation = await waitForMail(request, { to: owner.email, subject: MAIL.activation });
  const setPassword = new URL(linkMatching(activation, SET_PASSWORD_LINK));
  const saved = await request.post(setPassword.pathname, {
    headers: { origin: new URL(baseURL).origin },
    form: {
      token: setPassword.searchParams.get('token') ?? '',
      'password-new': owner.password,
      'password-confirm': owner.password,
    },
  });
  expectStatus(saved, 200, 'password set');
  return owner;
}
