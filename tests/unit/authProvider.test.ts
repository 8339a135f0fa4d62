import type Keycloak from 'keycloak-js';
import { HttpError, PreviousLocationStorageKey } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/authProvider/authProvider';
import { createKeycloakSession, type KeycloakSession } from '../../src/authProvider/keycloakSession';
import { loginTargetOf } from '../../src/domain/routes';
import type { RuntimeConfig } from '../../src/domain/runtimeConfig';
import type { Self } from '../../src/domain/self';

const buildSelf = (overrides: Partial<Self> = {}): Self => ({
  id: 'u-1',
  firstName: 'Erika',
  lastName: 'Mustermann',
  salutation: 'Frau',
  email: 'erika@example.de',
  birthDate: null,
  role: 'Owner',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'c-1' },
  ...overrides,
});

interface FakeKeycloak {
  didInitialize: boolean;
  authenticated?: boolean;
  token?: string;
  tokenParsed?: { sub?: string };
  onAuthSuccess: (() => void) | null;
  login: ReturnType<typeof vi.fn>;
  logout: ReturnType<typeof vi.fn>;
}

/** A session whose init() has started (didInitialize is true) and finishes when finishInit() is called. */
function fakeSession() {
  const keycloak: FakeKeycloak = {
    didInitialize: true,
    onAuthSuccess: null,
    login: vi.fn(),
    logout: vi.fn(async () => {}),
  };
  let finish!: (authenticated: boolean) => void;
  const ready = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  const session: KeycloakSession = {
    keycloak: keycloak as unknown as Keycloak,
    initOptions: { onLoad: 'check-sso' },
    ready,
    isAuthenticated: () => Boolean(keycloak.authenticated && keycloak.token),
    login: vi.fn(async () => {}),
    getValidToken: async () => keycloak.token,
    subject: () => keycloak.tokenParsed?.sub,
    onSessionEnded: () => () => {},
  };
  const signIn = (sub = 'u-1') => {
    keycloak.authenticated = true;
    keycloak.token = `token-of-${sub}`;
    keycloak.tokenParsed = { sub };
  };
  const finishInit = (authenticated: boolean) => {
    if (authenticated) signIn();
    finish(authenticated);
  };
  return { session, keycloak, signIn, finishInit };
}

function setup(self: Self = buildSelf(), location = { pathname: '/identification-process-reports', search: '' }) {
  const fake = fakeSession();
  const fetchSelf = vi.fn(async () => self);
  const authProvider = createAuthProvider({ session: fake.session, fetchSelf, location });
  return { ...fake, fetchSelf, authProvider };
}

/** Settles within the test's time or reports that it is still pending. */
const settledOrPending = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 500)),
  ]);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('auth provider: ra-keycloak with the spike’s fixes', () => {
  it('checkAuth waits for the one init promise instead of racing keycloak-js', async () => {
    const { authProvider, finishInit } = setup();
    const check = authProvider.checkAuth({});
    // keycloak-js has set didInitialize but not yet processed the callback.
    await new Promise((resolve) => setTimeout(resolve, 150));
    finishInit(true);
    await expect(check).resolves.toBeUndefined();
  });

  it('checkAuth of a visitor without a session starts the login, back to the page the link named', async () => {
    const { authProvider, session, finishInit } = setup(buildSelf(), {
      pathname: '/license-management/c-1/s-1/l-1',
      search: '?tab=usage',
    });
    finishInit(false);
    // Pending while the browser leaves for the login page: no landing page in between.
    expect(await settledOrPending(authProvider.checkAuth({}))).toBe('pending');
    expect(session.login).toHaveBeenCalledWith('/license-management/c-1/s-1/l-1?tab=usage');
  });

  it('sends to the landing page without a notification when the same page comes back without a session', async () => {
    const { authProvider, session, finishInit } = setup();
    finishInit(false);
    void authProvider.checkAuth({});
    await vi.waitFor(() => expect(session.login).toHaveBeenCalledTimes(1));

    // Back from the login page (or an error answer of the identity provider): no second redirect.
    const again = setup();
    again.finishInit(false);
    await expect(again.authProvider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: '/' });
    expect(again.session.login).not.toHaveBeenCalled();
  });

  it('a session that ended while the app ran goes to the landing page, not to a new login', async () => {
    const { authProvider, session, keycloak, finishInit } = setup();
    finishInit(true);
    keycloak.authenticated = false;
    keycloak.token = undefined;
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: '/' });
    expect(session.login).not.toHaveBeenCalled();
  });

  it('drops the previous location ra-keycloak stores: the login carries the target itself', async () => {
    const { authProvider, finishInit } = setup();
    finishInit(false);
    void authProvider.checkAuth({});
    await vi.waitFor(() => expect(localStorage.getItem(PreviousLocationStorageKey)).toBeNull());
  });

  it('logout of an anonymous visitor returns the landing path and does not visit the identity provider', async () => {
    const { authProvider, keycloak, finishInit } = setup();
    finishInit(false);
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(keycloak.logout).not.toHaveBeenCalled();
  });

  it('logout of a signed-in user ends the session at the identity provider, back to the landing page', async () => {
    const { authProvider, keycloak, finishInit } = setup();
    finishInit(true);
    localStorage.setItem('timeout', '123');
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(keycloak.logout).toHaveBeenCalledWith({ redirectUri: `${window.location.origin}/` });
    expect(localStorage.getItem('timeout')).toBeNull();
  });

  it('login starts the session’s login (redirect to /dashboard)', async () => {
    const { authProvider, session } = setup();
    await authProvider.login({});
    expect(session.login).toHaveBeenCalled();
  });
});

describe('auth provider: checkError', () => {
  it('ends the session on 401', async () => {
    const { authProvider, finishInit } = setup();
    finishInit(true);
    await expect(authProvider.checkError(new HttpError('Unauthorized', 401))).rejects.toEqual({
      message: false,
      redirectTo: '/',
    });
  });

  it('keeps the session on 403 and other errors while signed in', async () => {
    const { authProvider, finishInit } = setup();
    finishInit(true);
    await expect(authProvider.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('Internal error', 500))).resolves.toBeUndefined();
  });

  it('ends the session on any error once keycloak-js dropped the token', async () => {
    const { authProvider, finishInit, keycloak } = setup();
    finishInit(true);
    keycloak.token = undefined;
    await expect(authProvider.checkError(new HttpError('Internal error', 500))).rejects.toMatchObject({
      redirectTo: '/',
    });
  });
});

describe('auth provider: permissions and identity from GET /api/self', () => {
  it('returns the self answer as permissions and loads it once per user', async () => {
    const self = buildSelf({ role: 'LumioAdmin', associatedEntity: null });
    const { authProvider, fetchSelf, finishInit } = setup(self);
    finishInit(true);
    await expect(authProvider.getPermissions({})).resolves.toEqual(self);
    await authProvider.getPermissions({});
    await authProvider.getIdentity();
    expect(fetchSelf).toHaveBeenCalledTimes(1);
  });

  it('loads again for another user and after refreshSelf()', async () => {
    const { authProvider, fetchSelf, finishInit, signIn } = setup();
    finishInit(true);
    await authProvider.getPermissions({});
    signIn('u-2');
    await authProvider.getPermissions({});
    await authProvider.refreshSelf();
    expect(fetchSelf).toHaveBeenCalledTimes(3);
  });

  it('has no permissions and asks nothing while nobody is signed in', async () => {
    const { authProvider, fetchSelf, finishInit } = setup();
    finishInit(false);
    await expect(authProvider.getPermissions({})).resolves.toBeUndefined();
    await expect(authProvider.canAccess({ resource: 'dashboard', action: 'list' })).resolves.toBe(false);
    expect(fetchSelf).not.toHaveBeenCalled();
  });

  it('passes a 401 of /api/self on (react-admin then logs out via checkError) and retries next time', async () => {
    const { authProvider, fetchSelf, finishInit } = setup();
    finishInit(true);
    fetchSelf.mockRejectedValueOnce(new HttpError('Unauthorized', 401));
    await expect(authProvider.getPermissions({})).rejects.toMatchObject({ status: 401 });
    await expect(authProvider.getPermissions({})).resolves.toMatchObject({ role: 'Owner' });
  });

  it('names the user with first and last name', async () => {
    const { authProvider, finishInit } = setup();
    finishInit(true);
    await expect(authProvider.getIdentity()).resolves.toMatchObject({ id: 'u-1', fullName: 'Erika Mustermann' });
  });

  it('canAccess reads the role table', async () => {
    const { authProvider, finishInit } = setup(buildSelf({ role: 'LumioAdmin', associatedEntity: null }));
    finishInit(true);
    await expect(authProvider.canAccess({ resource: 'system-integrators', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess({ resource: 'system-integrators', action: 'create' })).resolves.toBe(false);
    await expect(authProvider.canAccess({ resource: 'open-applications', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess({ resource: 'employees', action: 'list' })).resolves.toBe(false);
  });
});

describe('keycloak session', () => {
  const config: RuntimeConfig = {
    apiUrl: '/api',
    keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
    brandOwner: { name: 'B', address: 'A', register: 'R', vatId: 'V', contact: 'C' },
  };
  const origin = 'http://localhost:8080';

  function fakeClient(init: () => Promise<boolean>) {
    const client = {
      authenticated: false as boolean,
      token: undefined as string | undefined,
      tokenParsed: undefined as { sub?: string } | undefined,
      onAuthLogout: undefined as (() => void) | undefined,
      init: vi.fn(init),
      login: vi.fn(async () => {}),
      updateToken: vi.fn(async () => true),
      clearToken: vi.fn(() => {
        client.token = undefined;
        client.authenticated = false;
        client.onAuthLogout?.();
      }),
    };
    return client;
  }

  it('initialises once with check-sso, the silent check page and PKCE S256', async () => {
    const client = fakeClient(async () => false);
    const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
    await session.ready;
    expect(client.init).toHaveBeenCalledTimes(1);
    expect(client.init).toHaveBeenCalledWith(
      expect.objectContaining({
        onLoad: 'check-sso',
        silentCheckSsoRedirectUri: `${origin}/silent-check-sso.html`,
        pkceMethod: 'S256',
        checkLoginIframeInterval: 5,
        messageReceiveTimeout: 10_000,
      }),
    );
  });

  it('logs a failed initialisation (e.g. invalid state or nonce), clears the token and counts as signed out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = fakeClient(async () => {
      client.token = 'half-accepted';
      throw new Error('Invalid nonce.');
    });
    const ended = vi.fn();
    const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
    session.onSessionEnded(ended);
    await expect(session.ready).resolves.toBe(false);
    expect(client.clearToken).toHaveBeenCalled();
    expect(session.isAuthenticated()).toBe(false);
    expect(ended).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('login records activity and returns to /dashboard', async () => {
    const client = fakeClient(async () => false);
    const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
    await session.login();
    expect(client.login).toHaveBeenCalledWith({ redirectUri: `${origin}/dashboard` });
    expect(localStorage.getItem('timeout')).not.toBeNull();
  });

  it('refreshes the token when less than 20 seconds remain before handing it out', async () => {
    const client = fakeClient(async () => {
      client.authenticated = true;
      client.token = 'fresh';
      return true;
    });
    const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
    await expect(session.getValidToken()).resolves.toBe('fresh');
    expect(client.updateToken).toHaveBeenCalledWith(20);
  });

  it('hands out no token after a refresh the identity provider refused', async () => {
    const client = fakeClient(async () => {
      client.authenticated = true;
      client.token = 'old';
      return true;
    });
    // keycloak-js clears the token itself when the refresh is answered with 400.
    client.updateToken.mockImplementation(async () => {
      client.clearToken();
      throw new Error('refresh failed');
    });
    const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
    await expect(session.getValidToken()).resolves.toBeUndefined();
  });

  it('hands out no token and asks nothing while signed out', async () => {
    const client = fakeClient(async () => false);
    const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
    await expect(session.getValidToken()).resolves.toBeUndefined();
    expect(client.updateToken).not.toHaveBeenCalled();
  });
});

describe('login target of a guarded page', () => {
  it('keeps a guarded page with its query and sends anything else to the dashboard', () => {
    expect(loginTargetOf('/identification-process-reports')).toBe('/identification-process-reports');
    expect(loginTargetOf('/license-management/c-1/s-1/l-1', '?x=1')).toBe('/license-management/c-1/s-1/l-1?x=1');
    expect(loginTargetOf('/')).toBe('/dashboard');
    expect(loginTargetOf('/gibt-es-nicht')).toBe('/dashboard');
    expect(loginTargetOf('//evil.example/dashboard')).toBe('/dashboard');
  });
});
