import { lazy, Suspense, type ReactNode } from 'react';
import { shellText } from '../i18n/shellText';
import { PageLoading } from '../layout/PageLoading';

/**
 * Public routes of spec section 2 besides the landing page and the imprint. Each is a React.lazy
 * page, so neither its code nor MUI weighs on the landing page; a screen that a later issue
 * builds replaces its placeholder here.
 */
const RegisterStudio = lazy(() => import('./registration/RegisterStudio'));
const ConfirmApplication = lazy(() => import('./ConfirmApplication'));
const ConfirmEmailChange = lazy(() => import('./ConfirmEmailChange'));
const PublicComingSoon = lazy(() => import('./PublicComingSoon'));

const lazyPage = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;
const upcoming = (pageTitle: string) => lazyPage(<PublicComingSoon pageTitle={pageTitle} />);

export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: '/register-studio', element: lazyPage(<RegisterStudio />) },
  { path: '/employee-invitation/:id', element: upcoming(shellText.pageTitles.employeeInvitation) },
  { path: '/company-application/:id/confirm', element: lazyPage(<ConfirmApplication />) },
  { path: '/user-email-change-request/:id/confirm', element: lazyPage(<ConfirmEmailChange kind="user" />) },
  {
    path: '/administrator-email-change-request/:id/confirm',
    element: lazyPage(<ConfirmEmailChange kind="administrator" />),
  },
];
