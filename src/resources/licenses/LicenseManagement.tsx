import Alert from '@mui/material/Alert';
import { Loading, usePermissions, useRouterProvider, useTranslate } from 'react-admin';
import { picksLicenseCompany } from '../../domain/licenseAccess';
import type { Self } from '../../domain/self';
import { lazy } from 'react';
import { CompanyLevel } from './CompanyLevel';
import { LicenseLevel } from './LicenseLevel';
import { licenseManagementPath, LICENSE_MANAGEMENT_ROOT } from './names';

/*
 * The two levels with a usage panel (figures, package consumption, the chart's loader) load when
 * one of them is opened (the Layout's Suspense shows the loading indicator meanwhile), so the
 * companies and licences levels stay light (page-weight budget, bench/README.md).
 */
const StudioLevel = lazy(() => import('./usageLevels').then((m) => ({ default: m.StudioLevel })));
const PackageLevel = lazy(() => import('./usageLevels').then((m) => ({ default: m.PackageLevel })));

/**
 * Route license-management (spec section 2 and "Licence screens"): four lists, one level below
 * the other, each searched, sorted and paged like every table: companies, a company's studios
 * (…/{companyId}), a studio's licences (…/{companyId}/{studioId}) and a licence's prepaid packages
 * (…/{companyId}/{studioId}/{licenseId}). A row leads one level down; the trail above the table
 * says where you are and leads back. The integrator creates and changes licences and packages;
 * the Owner (its own company, from which it starts) and LumioAdmin read.
 *
 * The levels are routes of react-admin's router provider (the one its own routes use, so they
 * nest inside them), taken from the provider object: importing ra-core's Navigate and useParams
 * modules into this chunk made the bundler split a shared chunk off the admin app, and the
 * dashboard grew by 2.2 kB (bench/README.md).
 */
export default function LicenseManagement() {
  const { Routes, Route, Navigate } = useRouterProvider();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  return (
    <Routes>
      <Route index element={picksLicenseCompany(self.role) ? <CompanyLevel /> : <OwnCompany self={self} />} />
      <Route path=":companyId" element={<Level self={self} depth={1} />} />
      <Route path=":companyId/:studioId" element={<Level self={self} depth={2} />} />
      <Route path=":companyId/:studioId/:licenseId" element={<Level self={self} depth={3} />} />
      <Route path="*" element={<Navigate to={LICENSE_MANAGEMENT_ROOT} replace />} />
    </Routes>
  );
}

/** Spec: "Owner: /license-management/{companyId} with own company id". */
function OwnCompany({ self }: { self: Self }) {
  const translate = useTranslate();
  const { Navigate } = useRouterProvider();
  const companyId = self.associatedEntity?.id;
  if (!companyId) return <Alert severity="info">{translate('app.companyManagement.noCompany')}</Alert>;
  return <Navigate to={licenseManagementPath(companyId)} replace />;
}

/** A level mounted anew for each record it shows: its list, search and dialog start afresh. */
function Level({ self, depth }: { self: Self; depth: 1 | 2 | 3 }) {
  const { useParams } = useRouterProvider();
  const { companyId = '', studioId = '', licenseId = '' } = useParams();
  if (depth === 1) return <StudioLevel key={companyId} self={self} companyId={companyId} />;
  if (depth === 2) return <LicenseLevel key={studioId} self={self} companyId={companyId} studioId={studioId} />;
  return <PackageLevel key={licenseId} self={self} companyId={companyId} studioId={studioId} licenseId={licenseId} />;
}
