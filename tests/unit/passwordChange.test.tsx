import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type Keycloak from 'keycloak-js';
import { AdminContext, testDataProvider } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  actionOutcome,
  createKeycloakSession,
  startPasswordChange,
  type ActionStatus,
} from '../../src/authProvider/keycloakSession';
import { RuntimeContext } from '../../src/authProvider/runtime';
import { ProfilePage } from '../../src/customRoutes/ProfilePage';
import type { RuntimeConfig } from '../../src/domain/runtimeConfig';
import { i18nProvider, loadAreaMessages } from '../../src/i18n';

// The signed-in app loads these texts with the area's first screen (src/components/lazyScreen.ts).
beforeAll(() => loadAreaMessages());

const config: RuntimeConfig = {
  apiUrl: '/api',
  keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
  brandOwner: { name: 'B', address: 'A', register: 'R', vatId: 'V', contact: 'C' },
};
const origin = 'http://localhost:8080';

/** keycloak-js as far as the session uses it; init reports the callback's kc_action_status, if any. */
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

function sessionWith(client: ReturnType<typeof fakeClient>) {
  return createKeycloakSession(config, { origin, client: client as unknown as Keycloak });
}

describe('password change through the identity provider (route profile)', () => {
  it("starts Keycloak's application-initiated action UPDATE_PASSWORD and comes back to /profile", async () => {
    const client = fakeClient();
    await startPasswordChange(sessionWith(client), origin);
    expect(client.login).toHaveBeenCalledWith({ action: 'UPDATE_PASSWORD', redirectUri: `${origin}/profile` });
  });

  it.each([
    [['success', 'UPDATE_PASSWORD'] as [ActionStatus, string], 'success'],
    [['cancelled', 'UPDATE_PASSWORD'] as [ActionStatus, string], 'cancelled'],
    [['success', 'CONFIGURE_TOTP'] as [ActionStatus, string], undefined],
    [undefined, undefined],
  ])('reads the reported outcome %j of this page load as %s', async (reported, expected) => {
    const session = sessionWith(fakeClient(reported));
    await session.ready;
    expect(actionOutcome(session, 'UPDATE_PASSWORD')).toBe(expected);
  });

  async function renderProfile(reported?: [ActionStatus, string]) {
    const client = fakeClient(reported);
    const session = sessionWith(client);
    await session.ready;
    render(
      <RuntimeContext.Provider value={{ config, session }}>
        <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
          <ProfilePage />
        </AdminContext>
      </RuntimeContext.Provider>,
    );
    return client;
  }

  it('offers only the button to change the password, which starts the action', async () => {
    const user = userEvent.setup();
    const client = await renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    expect(screen.queryByText('Ihr Passwort wurde geändert.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(client.login).toHaveBeenCalledWith(expect.objectContaining({ action: 'UPDATE_PASSWORD' }));
  });

  it('says so when the identity provider reports the password changed', async () => {
    await renderProfile(['success', 'UPDATE_PASSWORD']);
    expect(await screen.findByText('Ihr Passwort wurde geändert.')).toBeVisible();
  });

  it('says nothing after a cancelled change', async () => {
    await renderProfile(['cancelled', 'UPDATE_PASSWORD']);
    expect(await screen.findByRole('button', { name: 'Passwort ändern' })).toBeVisible();
    expect(screen.queryByText('Ihr Passwort wurde geändert.')).not.toBeInTheDocument();
  });
});
