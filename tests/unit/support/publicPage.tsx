import { render } from '@testing-library/react';
import type Keycloak from 'keycloak-js';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { KeycloakSession } from '../../../src/authProvider/keycloakSession';
import { RuntimeContext, type Runtime } from '../../../src/authProvider/runtime';
import { PublicApiContext } from '../../../src/customRoutes/registration/publicApiContext';
import type { PublicApi } from '../../../src/dataProvider/publicApi';
import type { RuntimeConfig } from '../../../src/domain/runtimeConfig';

/*
 * The public pages' test bench: a visitor without a session, the public API as mocks, and the
 * page on its route in a memory router (with the start page '/' to be sent back to).
 */

export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: '/api',
  keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
  brandOwner: { name: 'Lumio Bildtechnik GmbH', address: 'A', register: 'R', vatId: 'V', contact: 'C' },
};

/** A visitor who is not signed in; `login` and friends can be replaced to watch them. */
export function anonymousSession(overrides: Partial<KeycloakSession> = {}): KeycloakSession {
  return {
    keycloak: {} as Keycloak,
    initOptions: {},
    ready: Promise.resolve(false),
    isAuthenticated: () => false,
    login: async () => {},
    getValidToken: async () => undefined,
    subject: () => undefined,
    onSessionEnded: () => () => {},
    ...overrides,
  };
}

/** Every call of the public API as a mock (answering nothing), except those given. */
export function fakePublicApi(overrides: Partial<PublicApi> = {}): PublicApi {
  return {
    submitApplication: vi.fn(),
    uploadDocument: vi.fn(),
    confirmApplication: vi.fn(),
    confirmEmailChange: vi.fn(),
    getEmployeeInvitation: vi.fn(),
    registerThroughInvitation: vi.fn(),
    ...overrides,
  };
}

export interface PublicPageOptions {
  /** The address the page opens at. */
  at: string;
  /** The route pattern the page is mounted on. */
  route: string;
  page: ReactElement;
  api: PublicApi;
  runtime?: Partial<Runtime>;
}

/**
 * Renders a public page in StrictMode (effects run twice, as in development: a call that must go
 * out once still has to).
 */
export function renderPublicPage({ at, route, page, api, runtime }: PublicPageOptions): void {
  const value: Runtime = { config: TEST_RUNTIME_CONFIG, session: anonymousSession(), ...runtime };
  render(
    <StrictMode>
      <RuntimeContext.Provider value={value}>
        <PublicApiContext.Provider value={api}>
          <MemoryRouter initialEntries={[at]}>
            <Routes>
              <Route path="/" element={<h1>Startseite</h1>} />
              <Route path={route} element={page} />
            </Routes>
          </MemoryRouter>
        </PublicApiContext.Provider>
      </RuntimeContext.Provider>
    </StrictMode>,
  );
}
