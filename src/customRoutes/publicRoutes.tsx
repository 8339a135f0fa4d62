import { lazy, Suspense, type ReactNode } from 'react';
import { EMPLOYEE_INVITATION_ROUTE } from '../domain/routes';
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
