import { lazy, Suspense, type ReactNode } from 'react';
import { matchPath } from 'react-router';
import { EMPLOYEE_INVITATION_ROUTE, IMPRINT_PATH } from '../domain/routes';
import { PageLoading } from '../layout/PageLoading';

/**
 * Public routes of spec section 2 besides the landing page and the imprint. Each is a React.lazy
 * page, so neither its code nor MUI weighs on the landing page.
 */
const RegisterStudio = lazy(() => import('./registration/RegisterStudio'));
const ConfirmApplication = lazy(() => import('./ConfirmApplication'));
const ConfirmEmailChange = lazy(() => import('./ConfirmEmailChange'));
const EmployeeInvitation = lazy(() => import('./employeeInvitation/EmployeeInvitation'));

const lazyPage = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: '/register-studio', element: lazyPage(<RegisterStudio />) },
  { path: `/${EMPLOYEE_INVITATION_ROUTE}/:id`, element: lazyPage(<EmployeeInvitation />) },
  { path: '/company-application/:id/confirm', element: lazyPage(<ConfirmApplication />) },
  { path: '/user-email-change-request/:id/confirm', element: lazyPage(<ConfirmEmailChange kind="user" />) },
  {
    path: '/administrator-email-change-request/:id/confirm',
    element: lazyPage(<ConfirmEmailChange kind="administrator" />),
  },
];

/**
 * Whether the page opened first needs the keycloak session before its first render: every page
 * but the public ones above and the imprint (the landing page's silent SSO check, a guarded page's
 * login check), and any page that keycloak-js's login callback (`state` in the query or fragment)
 * returns to: init() must read it before a route redirect could drop it. The others load
 * keycloak-js only for a login button (lazySession.ts).
 */
export function needsSessionAtStart({
  pathname,
  search,
  hash,
}: Pick<Location, 'pathname' | 'search' | 'hash'>): boolean {
  if (/[?&#]state=/.test(`${search}${hash}`)) return true;
  return ![IMPRINT_PATH, ...PUBLIC_ROUTES.map((route) => route.path)].some((path) => matchPath(path, pathname));
}
