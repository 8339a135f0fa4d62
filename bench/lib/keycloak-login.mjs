// A login through Keycloak's own login page, as the web app's browser does it (authorization code
// with PKCE for the public client lumio-web, redirect to the portal), for the benchmarks that need
// a portal user's access token against a real Keycloak (bench/cluster.mjs), and for the contract
// test against the embedded provider (scripts/contract-test.mjs), whose pages look the same. No password grant:
// the realm does not allow it for the portal's clients. The provider roles' demo accounts have the
// demo second factor (issue 24): after the password Keycloak shows its code page (field `otp`),
// which gets a demo code no other login on this machine has used.
import { createHash, randomBytes } from 'node:crypto';
import { claimDemoTotpCode } from '../../scripts/lib/totp.mjs';

const base64url = (buffer) => buffer.toString('base64url');

/** Cookies of a Set-Cookie list as one Cookie header (name=value only). */
function cookieHeader(jar) {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function remember(jar, response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** The action of the page's form with this id, its entities decoded. */
function formAction(html, id) {
  const action = new RegExp(`<form[^>]*id="${id}"[^>]*action="([^"]+)"`).exec(html)?.[1];
  return action?.replaceAll('&amp;', '&');
}

/**
 * @param {{ keycloakUrl: string, realm?: string, clientId?: string, portalUrl: string, username: string, password: string, otp?: () => string | Promise<string> }} options
 *   `otp`: the code for Keycloak's code page, when it shows one (default: a demo code of the
 *   account that no other login on this machine sent, as Keycloak takes each code once).
 * @returns {Promise<{ accessToken: string, refreshToken: string }>}
 */
export async function loginThroughKeycloak({
  keycloakUrl,
  realm = 'lumio',
  clientId = 'lumio-web',
  portalUrl,
  username,
  password,
  otp = () => claimDemoTotpCode(username),
}) {
  const realmUrl = `${keycloakUrl.replace(/\/$/, '')}/realms/${realm}/protocol/openid-connect`;
  const redirectUri = `${portalUrl.replace(/\/$/, '')}/`;
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const jar = new Map();

  const auth = new URL(`${realmUrl}/auth`);
  for (const [key, value] of Object.entries({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: base64url(randomBytes(12)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })) {
    auth.searchParams.set(key, value);
  }
  /** Follows the provider's own redirects (not the one back to the portal), keeping its cookies. */
  const followed = async (response, from) => {
    let current = response;
    let url = from;
    for (let hop = 0; hop < 5; hop++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) break;
      const next = new URL(location, url);
      // Back at the portal (the embedded provider shares its origin, so the path and query tell).
      const backAtPortal =
        next.href.split('?')[0] === redirectUri && (next.searchParams.has('code') || next.searchParams.has('error'));
      // A required action (e.g. set up the second factor) is reported below, not followed.
      if (backAtPortal || next.pathname.includes('/login-actions/required-action')) break;
      if (!current.bodyUsed) await current.arrayBuffer();
      url = next;
      current = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
      remember(jar, current);
    }
    return current;
  };
  // Keycloak answers with its login page; the embedded provider redirects to it first.
  const first = await fetch(auth, { redirect: 'manual' });
  remember(jar, first);
  const page = await followed(first, auth);
  const html = await page.text();
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`Keycloak's login page has no login form (status ${page.status})`);

  const post = async (target, fields) => {
    const url = new URL(target, auth);
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar) },
      body: new URLSearchParams(fields),
    });
    remember(jar, response);
    return followed(response, url);
  };
  let submitted = await post(action.replaceAll('&amp;', '&'), { username, password, credentialId: '' });
  // 200: Keycloak shows a page again, its code page or the login form with an error.
  const otpAction = submitted.status === 200 ? formAction(await submitted.text(), 'kc-otp-login-form') : undefined;
  if (otpAction) submitted = await post(otpAction, { otp: await otp(), login: 'login' });
  if (!submitted.bodyUsed) await submitted.arrayBuffer();
  const location = submitted.headers.get('location');
  if (location?.includes('/login-actions/required-action')) {
    throw new Error(`Keycloak asks ${username} to finish the account first (e.g. set up the second factor)`);
  }
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code) throw new Error(`Keycloak refused the login of ${username} (status ${submitted.status})`);

  const token = await fetch(`${realmUrl}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  if (!token.ok) throw new Error(`Keycloak's token endpoint answered ${token.status}`);
  const body = await token.json();
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}
