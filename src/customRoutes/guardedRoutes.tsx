import { lazyScreen } from '../components/lazyScreen';
import type { ComponentType } from 'react';
import { Navigate, Route } from 'react-router';
import { AccessGuard } from '../components/auth';
import { DASHBOARD_PATH, GUARDED_ROUTE_ROOTS, type GuardedRouteRoot } from '../domain/routes';
import { ComingSoon } from './ComingSoon';
import { Dashboard } from './Dashboard';

const ProfilePage = lazyScreen(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })));

/**
 * Screens of guarded custom routes, by route root. A later issue adds its (React.lazy) page here;
 * a root without a page shows "Dieser Bereich folgt in Kürze." inside the layout. Roots served by a
 * react-admin <Resource> are left out by App.tsx.
 */
const PAGES: Partial<Record<GuardedRouteRoot, ComponentType>> = {
  dashboard: Dashboard,
  'company-management': lazyScreen(() =>
    import('./companyManagement/CompanyManagement').then((m) => ({ default: m.CompanyManagement })),
  ),
  profile: ProfilePage,
  'open-application-detail-view': ToOpenApplications,
  'profile-management': lazyScreen(() => import('./profile/ProfileManagement')),
  'identification-process-reports': lazyScreen(() => import('../resources/reports/ReportsPage')),
  'license-management': lazyScreen(() => import('../resources/licenses/LicenseManagement')),
  reseller: lazyScreen(() => import('../resources/resellers/ResellerPage')),
  verify: lazyScreen(() => import('./verify/VerifyPage')),
  webhooks: lazyScreen(() => import('../resources/webhooks/WebhooksPage')),
  'api-clients': lazyScreen(() => import('../resources/api-clients/ApiClientsPage')),
  // Issue 27: monthly statements (a company's, the integrator's) and the provider export.
  statements: lazyScreen(() => import('../resources/statements/StatementsPage')),
  // Issue 28: the audit log ('Protokoll').
  'audit-log': lazyScreen(() => import('../resources/audit-log/AuditLogPage')),
};

/**
 * Tab titles of the areas that are still placeholders (app.pageTitles in src/i18n/de/shell.ts):
 * the spec's page titles where it names one ('Firma', 'Verwaltung', 'Vorgangsauswertung
 * anfordern'), else the area's name in the menu. A real page sets its own title.
 */
const titleKey = (root: GuardedRouteRoot) => `app.pageTitles.${root}`;

/**
 * Spec section 2 keeps open-application-detail-view in the routing, but the review needs an id
 * (open-applications/{id}); without one the list of open applications is the useful target.
 */
function ToOpenApplications() {
  return <Navigate to="/open-applications" replace />;
}

/** <Route> elements for <CustomRoutes>: every guarded route root except those of resources. */
export function guardedCustomRoutes(resourceRoots: readonly string[]) {
  return GUARDED_ROUTE_ROOTS.filter((root) => !resourceRoots.includes(root)).map((root) => {
    const Page = PAGES[root];
    return (
      <Route
        key={root}
        path={`/${root}/*`}
        element={
          // Opens the page only for users the role table lets in (canAccess with the route root).
          <AccessGuard resource={root} action="list">
            {Page ? (
              <Page />
            ) : (
              <ComingSoon backTo={DASHBOARD_PATH} backLabelKey="app.backToDashboard" titleKey={titleKey(root)} />
            )}
          </AccessGuard>
        }
      />
    );
  });
}
