import { AccessDenied, CanAccess, Loading } from 'react-admin';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, Route } from 'react-router';
import { DASHBOARD_PATH, GUARDED_ROUTE_ROOTS, type GuardedRouteRoot } from '../domain/routes';
import { ComingSoon } from './ComingSoon';
import { Dashboard } from './Dashboard';

/**
 * Screens of guarded custom routes, by route root. A later issue adds its (React.lazy) page here;
 * a root without a page shows "Dieser Bereich folgt in Kürze." inside the layout. Roots served by a
 * react-admin <Resource> are left out by App.tsx.
 */
const PAGES: Partial<Record<GuardedRouteRoot, ComponentType>> = {
  dashboard: Dashboard,
  'open-application-detail-view': ToOpenApplications,
};

/**
 * Spec section 2 keeps open-application-detail-view in the routing, but the review needs an id
 * (open-applications/{id}); without one the list of open applications is the useful target.
 */
function ToOpenApplications() {
  return <Navigate to="/open-applications" replace />;
}

/** Opens the page only for users the role table lets in (canAccess with the route root). */
function AreaRoute({ root, children }: { root: GuardedRouteRoot; children: ReactNode }) {
  return (
    <CanAccess resource={root} action="list" loading={<Loading />} accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  );
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
          <AreaRoute root={root}>
            {Page ? <Page /> : <ComingSoon backTo={DASHBOARD_PATH} backLabelKey="app.backToDashboard" />}
          </AreaRoute>
        }
      />
    );
  });
}
