import { render } from '@testing-library/react';
import {
  AdminContext,
  AdminUI,
  memoryStore,
  TestMemoryRouter,
  TitlePortal,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { Suspense, type ReactNode } from 'react';
import { DialogProvider, LumioNotification } from '../../../src/components/dialogs';
import { createQueryClient } from '../../../src/dataProvider/queryClient';
import { canAccess } from '../../../src/domain/navigation';
import type { Self } from '../../../src/domain/self';
import { createI18nProvider } from '../../../src/i18n';
import { deMessages } from '../../../src/i18n/de';

/**
 * Renders resources the way App.tsx wires them (AdminContext › DialogProvider › AdminUI with
 * LumioNotification), for a signed-in user, and records every message key the German catalogue
 * lacks, so a test can assert that nothing untranslated reached the screen.
 */
export const missingKeys: string[] = [];
const i18nProvider = createI18nProvider(deMessages, (key) => missingKeys.push(key));

export const LUMIO_ADMIN: Self = {
  id: 'u-admin',
  firstName: 'Lena',
  lastName: 'Lumio',
  salutation: null,
  email: 'admin@lumio.example',
  birthDate: null,
  role: 'LumioAdmin',
  status: 'Active',
  associatedEntity: null,
};

/** Permissions and access as the real auth provider derives them from GET /api/self. */
export function authProviderFor(self: Self): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => self,
    canAccess: async ({ resource, action }) => canAccess(self, resource, action),
  };
}

/** The page title in an <h1>, as the real Layout renders react-admin's <Title>. */
function TestLayout({ children }: { children: ReactNode }) {
  return (
    <main>
      <TitlePortal component="h1" />
      <Suspense fallback={null}>{children}</Suspense>
    </main>
  );
}

export function renderAdminApp(
  path: string,
  {
    dataProvider,
    self = LUMIO_ADMIN,
    authProvider = authProviderFor(self),
    resources,
  }: { dataProvider: DataProvider; self?: Self; authProvider?: AuthProvider; resources: ReactNode },
) {
  let pathname = path;
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (pathname = location.pathname)}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={createQueryClient()}
      >
        <DialogProvider>
          <AdminUI disableTelemetry notification={LumioNotification} layout={TestLayout}>
            {resources}
          </AdminUI>
        </DialogProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { pathname: () => pathname };
}
