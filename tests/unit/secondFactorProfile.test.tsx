import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type Keycloak from 'keycloak-js';
import { AdminContext, testDataProvider, type AuthProvider } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createKeycloakSession,
  startSecondFactorSetup,
  type ActionStatus,
} from '../../src/authProvider/keycloakSession';
import { RuntimeContext } from '../../src/authProvider/runtime';
import { ProfilePage } from '../../src/customRoutes/ProfilePage';
import type { Role } from '../../src/domain/roles';
import type { RuntimeConfig } from '../../src/domain/runtimeConfig';
import type { Self } from '../../src/domain/self';
import { i18nProvider, loadAreaMessages } from '../../src/i18n';

beforeAll(() => loadAreaMessages());

const config: RuntimeConfig = {
  apiUrl: '/api',
  keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
  brandOwner: { name: 'B', address: 'A', register: 'R', vatId: 'V', contact: 'C' },
};
const origin = 'http://localhost:8080';

function fakeClient(reported?: [ActionStatus, string]) {
  const client = {
    authenticated: true,
    token: 'token',
    onActionUpdate: undefined as ((status: ActionStatus, action?: string) => void) | undefined,
    init: vi.fn(async () => {
      if (reported) client.onActionUpdate?.(...reported);
      return true;
    }),
    login: vi.fn(async () => {}),
    clearToken: vi.fn(),
  };
  return client;
}

const selfOf = (role: Role, secondFactor: boolean): Self => ({
  id: 'u-1',
  firstName: 'Olga',
  lastName: 'Owner',
  salutation: null,
  email: 'olga@example.test',
  birthDate: null,
  role,
  status: 'VerifiedAndApproved',
  associatedEntity: null,
  secondFactor,
});

async function renderProfile(self: Self, reported?: [ActionStatus, string]) {
  const client = fakeClient(reported);
  const session = createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
  await session.ready;
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => self,
  };
  render(
    <RuntimeContext.Provider value={{ config, session }}>
      <AdminContext dataProvider={testDataProvider()} authProvider={authProvider} i18nProvider={i18nProvider}>
        <ProfilePage />
      </AdminContext>
    </RuntimeContext.Provider>,
  );
  return client;
}

describe('the second factor on the own profile', () => {
  it("starts Keycloak's application-initiated action CONFIGURE_TOTP and comes back to /profile", async () => {
    const client = fakeClient();
    await startSecondFactorSetup(
      createKeycloakSession(config, { origin, client: client as unknown as Keycloak }),
      origin,
    );
    expect(client.login).toHaveBeenCalledWith({ action: 'CONFIGURE_TOTP', redirectUri: `${origin}/profile` });
  });

  it('offers an Owner without one to set it up', async () => {
    const user = userEvent.setup();
    const client = await renderProfile(selfOf('Owner', false));
    expect(await screen.findByRole('heading', { level: 2, name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
    expect(screen.getByText('Zwei-Faktor-Anmeldung: nicht eingerichtet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }));
    expect(client.login).toHaveBeenCalledWith(expect.objectContaining({ action: 'CONFIGURE_TOTP' }));
  });

  it('shows an Owner with one that it is set up, and offers nothing more', async () => {
    await renderProfile(selfOf('Owner', true));
    expect(await screen.findByText('Zwei-Faktor-Anmeldung: eingerichtet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeNull();
  });

  it('tells a role that requires it so, without a button', async () => {
    await renderProfile(selfOf('LumioAdmin', true));
    expect(await screen.findByText('Zwei-Faktor-Anmeldung: eingerichtet')).toBeVisible();
    expect(screen.getByText(/Für Ihre Rolle ist die Zwei-Faktor-Anmeldung vorgeschrieben/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeNull();
  });

  it('says so when the identity provider reports it set up', async () => {
    await renderProfile(selfOf('Owner', true), ['success', 'CONFIGURE_TOTP']);
    expect(await screen.findByText('Die Zwei-Faktor-Anmeldung wurde eingerichtet.')).toBeVisible();
    expect(screen.queryByText('Ihr Passwort wurde geändert.')).toBeNull();
  });
});
