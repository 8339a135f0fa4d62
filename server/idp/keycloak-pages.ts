import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { cspHash, renderView } from '../html';

/**
 * The helper pages keycloak-js loads in hidden iframes from the realm:
 * - 3p-cookies/step1.html + step2.html answer 'supported' or 'unsupported' (without an answer
 *   keycloak-js's init() fails after 10 s);
 * - login-status-iframe.html answers 'unchanged' / 'changed' / 'error' for "<clientId> <sid>";
 *   keycloak-js asks every 5 s and before each token refresh, and drops its tokens on 'changed'.
 */

const STEP1 = `document.cookie='KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure';
document.cookie='KEYCLOAK_3P_COOKIE=supported; Max-Age=60';
window.location.href='step2.html';`;

const STEP2 = `var supported=document.cookie.indexOf('KEYCLOAK_3P_COOKIE')!==-1;
document.cookie='KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure';
document.cookie='KEYCLOAK_3P_COOKIE=; Max-Age=0';
window.parent.postMessage(supported?'supported':'unsupported','*');`;

/** Asks the server (which can read the httpOnly session cookie) and posts the answer back to the asking origin only. */
const STATUS_IFRAME = `window.addEventListener('message',function(event){
if(typeof event.data!=='string'||!event.source)return;
var space=event.data.indexOf(' ');if(space<1)return;
var source=event.source,origin=event.origin;
var query=new URLSearchParams({client_id:event.data.slice(0,space),session_state:event.data.slice(space+1),origin:origin});
fetch('login-status-iframe.html/status?'+query.toString(),{credentials:'same-origin',cache:'no-store'})
.then(function(r){return r.ok?r.json():{status:'error'};})
.then(function(b){source.postMessage(b.status,origin);},function(){source.postMessage('error',origin);});
});`;

export interface KeycloakPagesOptions {
  provider: Provider;
  clientId: string;
  basePath: string;
  origins: string[];
}

export type SessionStatus = 'unchanged' | 'changed' | 'error';

/**
 * Keycloak's rule: the answer is 'unchanged' only when the page's sid is the provider session's
 * sid for that client, or when both are absent. A session the page does not know about yet
 * ('changed' with an empty sid) makes keycloak-js run its silent check-sso.
 */
export async function sessionStatus(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: string,
  pageSid: string,
): Promise<SessionStatus> {
  const cookies = provider.createContext(request.raw, reply.raw).cookies;
  // The cookie holds the Session *id* (Session.find), not its uid (Session.findByUid).
  const sessionId = cookies.get(provider.cookieName('session'), { signed: true });
  const session = sessionId ? await provider.Session.find(sessionId) : undefined;
  if (!session?.accountId) return pageSid === '' ? 'unchanged' : 'changed';
  const currentSid = session.sidFor(clientId);
  return currentSid !== undefined && currentSid === pageSid ? 'unchanged' : 'changed';
}

export function registerKeycloakPages(app: FastifyInstance, opts: KeycloakPagesOptions): void {
  const { provider, clientId, basePath, origins } = opts;
  const prefix = `${basePath}/protocol/openid-connect`;
  const frameable = `frame-ancestors 'self' ${origins.join(' ')}`;
  const routeOptions = { schema: { hide: true } };

  function page(url: string, title: string, script: string, connect = false) {
    const csp = `default-src 'none'; script-src ${cspHash(script)}; ${connect ? "connect-src 'self'; " : ''}${frameable}; base-uri 'none'`;
    const html = renderView('idp/keycloak-helper', { title, helperScript: script });
    app.get(url, routeOptions, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', csp)
        .send(html),
    );
  }

  page(`${prefix}/3p-cookies/step1.html`, '3rd party cookies check', STEP1);
  page(`${prefix}/3p-cookies/step2.html`, '3rd party cookies check', STEP2);
  page(`${prefix}/login-status-iframe.html`, 'Login status', STATUS_IFRAME, true);

  app.get(`${prefix}/login-status-iframe.html/status`, routeOptions, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    reply.header('cache-control', 'no-store');
    if (text(query.client_id) !== clientId || !origins.includes(text(query.origin))) return { status: 'error' };
    return { status: await sessionStatus(provider, request, reply, clientId, text(query.session_state)) };
  });
}
