import { lazy, Suspense, type ReactNode } from 'react';
import { LANDING_PATH } from '../domain/routes';
import { PageLoading } from '../layout/PageLoading';
import { PublicLayout } from '../layout/PublicLayout';
import { ComingSoon } from './ComingSoon';

/**
 * Public routes of spec section 2 whose screens later issues build. Each screen replaces its
 * placeholder here with a React.lazy page, so the landing bundle stays small.
 */
const upcoming = (
  <PublicLayout>
    <ComingSoon backTo={LANDING_PATH} backLabelKey="app.backToLanding" />
  </PublicLayout>
);

const RegisterStudio = lazy(() => import('./registration/RegisterStudio'));
const ConfirmApplication = lazy(() => import('./ConfirmApplication'));

const lazyPage = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: '/register-studio', element: lazyPage(<RegisterStudio />) },
  { path: '/employee-invitation/:id', element: upcoming },
  { path: '/company-application/:id/confirm', element: lazyPage(<ConfirmApplication />) },
  { path: '/user-email-change-request/:id/confirm', element: upcoming },
  { path: '/administrator-email-change-request/:id/confirm', element: upcoming },
];
