import { AdminContext, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { useState } from 'react';
import { Navigate, Route } from 'react-router';
import { createAuthProvider } from './authProvider/authProvider';
import { useRuntime } from './authProvider/runtime';
import { AccessGuard, guardResourceViews } from './components/auth';
import { DialogProvider, LumioNotification } from './components/dialogs';
import { guardedCustomRoutes } from './customRoutes/guardedRoutes';
import { createDataProvider } from './dataProvider';
import { createQueryClient } from './dataProvider/queryClient';
import { LANDING_PATH } from './domain/routes';
import { i18nProvider } from './i18n';
import { AccessDeniedPage } from './layout/AccessDeniedPage';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { LumioAdminUI } from './layout/LumioAdminUI';
import { theme } from './layout/theme';
import administration, { ADMINISTRATION_RESOURCE, retention as RetentionRuns } from './resources/administration';
import companies, { COMPANIES_RESOURCE } from './resources/companies';
import eidReviews, { EID_REVIEWS_RESOURCE } from './resources/verification-check';
import employees, { EMPLOYEES_RESOURCE } from './resources/employees';
import openApplications, { OPEN_APPLICATIONS_RESOURCE } from './resources/open-applications';
import systemIntegrators, { SYSTEM_INTEGRATORS_RESOURCE } from './resources/system-integrators';

/** Route roots served by a <Resource> below; every other guarded root is a custom route. */
const RESOURCE_ROOTS = [
  SYSTEM_INTEGRATORS_RESOURCE,
  OPEN_APPLICATIONS_RESOURCE,
  COMPANIES_RESOURCE,
  EMPLOYEES_RESOURCE,
  EID_REVIEWS_RESOURCE,
  ADMINISTRATION_RESOURCE,
];

/** Every refused resource page shows the access-denied page in place (the address stays). */
const guardedSystemIntegrators = guardResourceViews(SYSTEM_INTEGRATORS_RESOURCE, systemIntegrators);
const guardedOpenApplications = guardResourceViews(OPEN_APPLICATIONS_RESOURCE, openApplications);
const guardedCompanies = guardResourceViews(COMPANIES_RESOURCE, companies);
const guardedEmployees = guardResourceViews(EMPLOYEES_RESOURCE, employees);
const guardedEidReviews = guardResourceViews(EID_REVIEWS_RESOURCE, eidReviews);
const guardedAdministration = guardResourceViews(ADMINISTRATION_RESOURCE, administration);

/** Spec section 2: any unknown path redirects to ''. */
const ToLanding = () => <Navigate to={LANDING_PATH} replace />;

/**
 * The signed-in app, lazy-loaded by the public shell for guarded routes. It uses the shell's
 * BrowserRouter (react-admin detects it; ra-keycloak needs a browser router) and the keycloak
 * session main.tsx created, so the login callback is handled exactly once.
 */
export default function App() {
  const { config, session } = useRuntime();
  const [providers] = useState(() => {
    const dataProvider = createDataProvider({ apiUrl: config.apiUrl, getToken: () => session.getValidToken() });
    const authProvider = createAuthProvider({ session, fetchSelf: () => dataProvider.getSelf() });
    return {
      dataProvider,
      authProvider,
      store: localStorageStore(undefined, 'lumio'),
      queryClient: createQueryClient(),
    };
  });

  return (
    <AdminContext
      dataProvider={providers.dataProvider}
      authProvider={providers.authProvider}
      i18nProvider={i18nProvider}
      store={providers.store}
      queryClient={providers.queryClient}
      theme={theme}
    >
      <DialogProvider>
        <LumioAdminUI
          title="Lumio"
          layout={Layout}
          requireAuth
          loginPage={false}
          authCallbackPage={false}
          disableTelemetry
          catchAll={ToLanding}
          error={ErrorPage}
          accessDenied={AccessDeniedPage}
          notification={LumioNotification}
        >
          <CustomRoutes>{guardedCustomRoutes(RESOURCE_ROOTS)}</CustomRoutes>
          <Resource name={SYSTEM_INTEGRATORS_RESOURCE} {...guardedSystemIntegrators} />
          <Resource name={OPEN_APPLICATIONS_RESOURCE} {...guardedOpenApplications} />
          <Resource name={COMPANIES_RESOURCE} {...guardedCompanies} />
          <Resource name={EMPLOYEES_RESOURCE} {...guardedEmployees} />
          <Resource name={EID_REVIEWS_RESOURCE} {...guardedEidReviews} />
          <Resource name={ADMINISTRATION_RESOURCE} {...guardedAdministration}>
            {/* Issue 28: 'Datenlöschung', the retention job's runs (SystemAdmin). */}
            <Route
              path="retention/*"
              element={
                <AccessGuard resource="retention-runs" action="list">
                  <RetentionRuns />
                </AccessGuard>
              }
            />
          </Resource>
        </LumioAdminUI>
      </DialogProvider>
    </AdminContext>
  );
}
