import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { IMPRINT_PATH, isGuardedPath, LANDING_PATH } from '../domain/routes';
import { PageLoading } from '../layout/PageLoading';
import { Landing } from './Landing';
import { PUBLIC_ROUTES } from './publicRoutes';

/** The imprint: only for the few who open it (no page's first download carries it). */
const Imprint = lazy(() => import('./Imprint').then((module) => ({ default: module.Imprint })));

/** The react-admin app: downloaded only when a guarded route is opened. */
const AdminApp = lazy(() => import('../App'));

/** Guarded paths load the admin app (which checks the login); every unknown path goes to ''. */
function GuardedOrLanding() {
  const { pathname } = useLocation();
  if (!isGuardedPath(pathname)) return <Navigate to={LANDING_PATH} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminApp />
    </Suspense>
  );
}

/**
 * Top-level routes. Public pages render without react-admin; everything else is handed to the
 * admin app, mounted under "*" so its own routes (dashboard, resources, …) match from the root.
 */
export function PublicShell() {
  return (
    <Routes>
      <Route path={LANDING_PATH} element={<Landing />} />
      <Route
        path={IMPRINT_PATH}
        element={
          <Suspense fallback={<PageLoading />}>
            <Imprint />
          </Suspense>
        }
      />
      {PUBLIC_ROUTES.map(({ path, element }) => (
        <Route key={path} path={path} element={element} />
      ))}
      <Route path="*" element={<GuardedOrLanding />} />
    </Routes>
  );
}
