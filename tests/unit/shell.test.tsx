import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type Keycloak from 'keycloak-js';
import { HttpError, type AuthProvider } from 'ra-core';
import { AdminContext, I18nContextProvider } from 'react-admin';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_LOGOUT_STORAGE_KEY, rememberIdleLogout } from '../../src/authProvider/idleLogoutNotice';
import type { KeycloakSession } from '../../src/authProvider/keycloakSession';
import { RuntimeContext, type Runtime } from '../../src/authProvider/runtime';
import { DialogProvider } from '../../src/components/dialogs';
import { Dashboard } from '../../src/customRoutes/Dashboard';
import { PublicShell } from '../../src/customRoutes/PublicShell';
import type { LumioDataProvider } from '../../src/dataProvider';
import { canAccess } from '../../src/domain/navigation';
import type { Self } from '../../src/domain/self';
import { createI18nProvider } from '../../src/i18n';
import { mergeMessages } from '../../src/i18n/mergeMessages';
import { raGermanMessages } from '../../src/i18n/raGerman';
import { SHELL_MESSAGE_MODULES } from '../../src/i18n/shellModules';
import { createQueryClient } from '../../src/dataProvider/queryClient';
import { fillIn } from '../../src/i18n/shellText';
import { Layout } from '../../src/layout/Layout';

/**
 * The header, the menu and the dashboard render before any area's texts are loaded
 * (src/i18n/areas.ts): they get the catalogue the signed-in app starts with, and may not miss a key.
 */
const missingKeys: string[] = [];
const i18nProvider = createI18nProvider(mergeMessages(raGermanMessages, ...SHELL_MESSAGE_MODULES), (key) =>
  missingKeys.push(key),
);

afterEach(() => {
  cleanup();
  expect(missingKeys, 'keys missing from the shell catalogue').toEqual([]);
});

const buildSelf = (overrides: Partial<Self> = {}): Self => ({
  id: 'u-1',
  firstName: 'Max',
  lastName: 'Muster',
  salutation: 'Herr',
  email: 'inhaber@studio-sonnenschein.example',
  birthDate: '1980-01-01',
  role: 'Owner',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'c-1' },
  ...overrides,
});

function buildSession(authenticated: boolean): KeycloakSession {
  return {
    keycloak: {} as Keycloak,
    initOptions: {},
    ready: Promise.resolve(authenticated),
    isAuthenticated: () => authenticated,
    login: vi.fn(async () => {}),
    getValidToken: async () => (authenticated ? 'token' : undefined),
    subject: () => (authenticated ? 'u-1' : undefined),
    onSessionEnded: () => () => {},
  };
}

const runtime = (authenticated = true): Runtime => ({
  config: {
    apiUrl: '/api',
    keycloak: { url: 'http://localhost:8080', realm: 'lumio', clientId: 'lumio-web' },
    brandOwner: {
      name: 'Lumio Bildtechnik GmbH',
      address: 'Musterstraße 1, 10115 Berlin',
      register: 'Amtsgericht Berlin-Charlottenburg, HRB 000000',
      vatId: 'DE000000000',
      contact: 'kontakt@lumio.example',
    },
  },
  session: buildSession(authenticated),
});

function renderSignedIn(self: Self | Error, { openApplicationCount = 4, openEidReviewCount = 2 } = {}) {
  const authProvider: AuthProvider = {
    login: async () => {},
    logout: vi.fn(async () => false as const),
    checkAuth: async () => {},
    checkError: async (error) => {
      if ((error as { status?: number }).status === 401) throw error;
    },
    getPermissions: async () => {
      if (self instanceof Error) throw self;
      return self;
    },
    getIdentity: async () => ({ id: 'u-1' }),
    canAccess: async ({ resource, action }) => !(self instanceof Error) && canAccess(self, resource, action),
  };
  const getOpenApplicationCount = vi.fn(async () => openApplicationCount);
  const getOpenEidReviewCount = vi.fn(async () => openEidReviewCount);
  // 'Was ansteht' below the tiles (tests/unit/dashboardPending.test.tsx covers its figures).
  const getDashboard = vi.fn(async () => ({
    kind: 'ownAccount',
    eidMissing: false,
    eidInReview: false,
    approvalMissing: false,
  }));
  const dataProvider = { getOpenApplicationCount, getOpenEidReviewCount, getDashboard } as unknown as LumioDataProvider;
  render(
    <RuntimeContext.Provider value={runtime()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <AdminContext
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          queryClient={createQueryClient()}
        >
          <DialogProvider>
            <Layout>
              <Dashboard />
            </Layout>
          </DialogProvider>
        </AdminContext>
      </MemoryRouter>
    </RuntimeContext.Provider>,
  );
  return { authProvider, getOpenApplicationCount, getOpenEidReviewCount };
}

const tileList = () => screen.findByRole('list', { name: 'Bereiche' });
const menu = () => screen.getByRole('navigation', { name: 'Hauptmenü' });

describe('dashboard', () => {
  it('shows the LumioAdmin tiles with the open-applications and open-eID-review badges', async () => {
    const { getOpenApplicationCount, getOpenEidReviewCount } = renderSignedIn(
      buildSelf({ role: 'LumioAdmin', associatedEntity: null }),
    );
    const tiles = within(await tileList()).getAllByRole('link');
    expect(tiles).toHaveLength(6);
    expect(within(await tileList()).getByRole('link', { name: 'Offene Anträge' })).toHaveAttribute(
      'href',
      '/open-applications',
    );
    expect(await screen.findByTestId('open-application-count')).toHaveTextContent('4');
    expect(within(await tileList()).getByRole('link', { name: 'Offene Anträge' })).toHaveAccessibleDescription(
      'Offene Anträge bestätigen und verwalten. 4 offene Anträge',
    );
    expect(getOpenApplicationCount).toHaveBeenCalledTimes(1);

    const eidReviews = within(await tileList()).getByRole('link', { name: 'eID-Prüfungen' });
    expect(eidReviews).toHaveAttribute('href', '/verification-check');
    expect(await screen.findByTestId('open-eid-review-count')).toHaveTextContent('2');
    expect(eidReviews).toHaveAccessibleDescription(
      'Abweichende Ausweisdaten prüfen und bestätigen oder ablehnen. 2 offene eID-Prüfungen',
    );
    expect(getOpenEidReviewCount).toHaveBeenCalledTimes(1);
  });

  it('names each tile link by its German title, in spec order, and shows exactly that name as the link', async () => {
    renderSignedIn(buildSelf());
    const titles = ['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios', 'Vorgangsauswertung', 'Lizenzen'];
    const links = within(await tileList()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(titles);
    links.forEach((link, index) => expect(link).toHaveAccessibleName(titles[index]));
    expect(within(await tileList()).getByRole('link', { name: 'Lizenzen' })).toHaveAttribute(
      'href',
      '/license-management/c-1',
    );
  });

  it('does not load the open-applications or open-eID-review count for other roles', async () => {
    const { getOpenApplicationCount, getOpenEidReviewCount } = renderSignedIn(
      buildSelf({ role: 'SystemAdmin', associatedEntity: null }),
    );
    await tileList();
    expect(screen.queryByTestId('open-application-count')).toBeNull();
    expect(screen.queryByTestId('open-eid-review-count')).toBeNull();
    expect(getOpenApplicationCount).not.toHaveBeenCalled();
    expect(getOpenEidReviewCount).not.toHaveBeenCalled();
  });

  it('shows the eID tile with its explanation while registration is unfinished', async () => {
    renderSignedIn(buildSelf({ role: 'Employee', status: 'Unverified' }));
    const tile = within(await tileList()).getByRole('link', { name: 'eID-Verifizierung' });
    expect(tile).toHaveAttribute('href', '/verify');
    expect(tile).toHaveAccessibleDescription(/Personalausweis/);
  });
});

describe('header menu and footer', () => {
  it('lists the entries of the role in spec order, the user’s name, Passwort ändern and Abmelden', async () => {
    renderSignedIn(buildSelf());
    await tileList();
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Übersicht',
      'Firma & Studio',
      'Lizenzen',
      'Mitarbeitende',
      'Offene Anträge',
      'Protokoll',
      'Max Muster',
      'Passwort ändern',
    ]);
    expect(within(menu()).getByRole('link', { name: 'Max Muster' })).toHaveAttribute('href', '/profile-management');
    expect(within(menu()).getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute('href', '/profile');
    expect(within(menu()).getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });

  it('logs out with Abmelden', async () => {
    const { authProvider } = renderSignedIn(buildSelf());
    await tileList();
    await userEvent.click(within(menu()).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
  });

  it('shows the current year and the imprint link in the footer', async () => {
    renderSignedIn(buildSelf());
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Lumio`);
    expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
  });
});

describe('GET /api/self failures', () => {
  it('show the error dialog for a server error', async () => {
    const body = { errorCode: 'INTERNAL', messages: ['Internal error'], traceId: 't', status: 500 };
    renderSignedIn(new HttpError('Internal error', 500, body));
    const dialog = await screen.findByTestId('error-dialog');
    expect(dialog).toHaveTextContent('Das war nicht so geplant :/');
    expect(dialog).toHaveTextContent('Ein interner Fehler ist aufgetreten.');
  });

  it('show no error dialog for 401', async () => {
    const body = { errorCode: 'UNAUTHORIZED', messages: ['Unauthorized'], traceId: 't', status: 401 };
    const { authProvider } = renderSignedIn(new HttpError('Unauthorized', 401, body));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });
});

function CurrentPath() {
  return <output aria-label="Pfad">{useLocation().pathname}</output>;
}

/** Lazy public pages (MUI and their texts) take a while to import in jsdom on a busy machine. */
const LAZY_PAGE = { timeout: 10_000 };

function renderPublic(path: string, authenticated = false) {
  const value = runtime(authenticated);
  const wrap = (children: ReactNode) => (
    <RuntimeContext.Provider value={value}>
      <I18nContextProvider value={i18nProvider}>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <Routes>
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
      </I18nContextProvider>
    </RuntimeContext.Provider>
  );
  render(wrap(<PublicShell />));
  return value;
}

describe('public shell', () => {
  it('shows the landing page with login and studio registration', async () => {
    const { session } = renderPublic('/');
    expect(await screen.findByRole('button', { name: 'Jetzt anmelden' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Fotostudio registrieren' })).toHaveAttribute('href', '/register-studio');
    expect(within(screen.getByRole('main')).getByRole('img', { name: 'Lumio' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt anmelden' }));
    expect(session.login).toHaveBeenCalled();
  });

  it('sends an authenticated visitor from the landing page to /dashboard', async () => {
    renderPublic('/', true);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Pfad' })).toHaveTextContent('/dashboard'));
  });

  it('keeps a user whose session ended after the page load on the landing page', async () => {
    // The page load began signed in (ready answered true), but keycloak-js has dropped the token
    // since, e.g. after the company was deleted: going to /dashboard would only bounce back.
    const value = runtime(true);
    value.session = { ...value.session, isAuthenticated: () => false };
    render(
      <RuntimeContext.Provider value={value}>
        <I18nContextProvider value={i18nProvider}>
          <MemoryRouter initialEntries={['/']}>
            <PublicShell />
            <Routes>
              <Route path="*" element={<CurrentPath />} />
            </Routes>
          </MemoryRouter>
        </I18nContextProvider>
      </RuntimeContext.Provider>,
    );
    expect(await screen.findByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
    await value.session.ready;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status', { name: 'Pfad' })).toHaveTextContent(/^\/$/);
  });

  it('redirects an unknown path to the landing page', async () => {
    renderPublic('/gibt-es-nicht/123');
    expect(await screen.findByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Pfad' })).toHaveTextContent(/^\/$/);
  });

  it('shows the imprint with the brand owner from config.json', async () => {
    renderPublic('/imprint');
    expect(await screen.findByRole('heading', { name: 'Impressum' }, LAZY_PAGE)).toBeVisible();
    expect(screen.getByText('Lumio ist eine Marke der Lumio Bildtechnik GmbH.')).toBeVisible();
    expect(screen.getByText('DE000000000')).toBeVisible();
  });

  it('opens the registration by invitation as a public page', async () => {
    renderPublic('/employee-invitation/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrierung' }, LAZY_PAGE)).toBeVisible();
    expect(screen.getByRole('status', { name: 'Pfad' })).toHaveTextContent('/employee-invitation/abc');
  });

  it.each([
    ['/', 'Lumio'],
    ['/imprint', 'Impressum – Lumio'],
    ['/employee-invitation/abc', 'Registrierung – Lumio'],
    ['/user-email-change-request/abc/confirm', 'E-Mail-Änderung bestätigen – Lumio'],
    ['/administrator-email-change-request/abc/confirm', 'E-Mail-Änderung bestätigen – Lumio'],
  ])('titles the tab of %s “%s”', async (path, title) => {
    document.title = 'vorher';
    renderPublic(path);
    await waitFor(() => expect(document.title).toBe(title), LAZY_PAGE);
  });
});

describe('the landing page after an inactivity logout', () => {
  afterEach(() => sessionStorage.clear());

  const notice = 'Sie wurden wegen Inaktivität abgemeldet.';

  it('says once why the visitor was logged out', async () => {
    rememberIdleLogout();
    renderPublic('/');
    expect(await within(await screen.findByRole('main')).findByRole('status')).toHaveTextContent(notice);
    await waitFor(() => expect(sessionStorage.getItem(IDLE_LOGOUT_STORAGE_KEY)).toBeNull());

    cleanup();
    renderPublic('/');
    expect(await screen.findByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
    expect(screen.queryByText(notice)).toBeNull();
  });

  it('says nothing after any other way to the landing page', async () => {
    renderPublic('/');
    expect(await screen.findByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
    expect(screen.queryByText(notice)).toBeNull();
  });
});

describe('shell texts', () => {
  it('fill their placeholders and leave unknown ones visible', () => {
    expect(fillIn('© %{year} Lumio', { year: 2026 })).toBe('© 2026 Lumio');
    expect(fillIn('Lumio ist eine Marke der %{name}.', {})).toBe('Lumio ist eine Marke der %{name}.');
  });
});
