import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link, Loading } from 'react-admin';
import { lazy, Suspense } from 'react';
import { useGetOne, usePermissions, useTranslate } from 'ra-core';
import { DeleteCompanyLink } from '../../components/deleteCompany';
import { mayDeleteOwnCompany } from '../../domain/companyDeletion';
import { canAccess } from '../../domain/navigation';
import { PROFILE_PATH } from '../../domain/routes';
import { profileHasPersonalDetails, profileShowsSystemIntegrator } from '../../domain/profile';
import type { Self } from '../../domain/self';
import type { SystemIntegrator } from '../../domain/systemIntegrator';
import { systemIntegratorLabel } from '../../domain/systemIntegratorLabel';
import { usePageTitle } from '../../layout/usePageTitle';
import { ProfileForm } from './ProfileForm';
import { profileValuesOf } from './profileValues';

/** 'Meine Daten' (issue 28): its own small chunk with its texts, so the profile's stays as it was. */
const DataExportSection = lazy(() => import('./DataExportSection'));

/** SystemIntegratorAdmin: its own system integrator, shown as 'name (code)'. */
function useOwnSystemIntegrator(self: Self | undefined): string | undefined {
  const id = self && profileShowsSystemIntegrator(self.role) ? self.associatedEntity?.id : undefined;
  const { data } = useGetOne<SystemIntegrator>('system-integrators', { id: id ?? '' }, { enabled: Boolean(id) });
  if (!id) return undefined;
  return data ? systemIntegratorLabel(data) : '';
}

/**
 * Company users verify their identity with the eID procedure: a link while it is open to them
 * (registration unfinished), a note once it is done.
 */
function IdentitySection({ self }: { self: Self }) {
  const translate = useTranslate();
  const mayVerify = canAccess(self, 'verify', 'list');
  return (
    <Box component="section" aria-labelledby="profile-identity" sx={{ mt: 4 }}>
      <Typography id="profile-identity" component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {translate('app.profile.verify.title')}
      </Typography>
      {mayVerify ? (
        <>
          <Typography sx={{ mb: 1 }}>{translate('app.profile.verify.text')}</Typography>
          <Link to="/verify">{translate('app.profile.verify.link')}</Link>
        </>
      ) : (
        <Typography>{translate('app.profile.verify.done')}</Typography>
      )}
    </Box>
  );
}

/** Every role: the way to the password change and the second factor (route profile). */
function PasswordSection() {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="profile-password" sx={{ mt: 4 }}>
      <Typography id="profile-password" component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {translate('app.profile.password.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{translate('app.profile.password.text')}</Typography>
      <Link to={PROFILE_PATH}>{translate('app.profile.password.link')}</Link>
    </Box>
  );
}

/** Route profile-management, for every role (spec section 2 "Profile management"). */
export default function ProfileManagement() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const systemIntegrator = useOwnSystemIntegrator(self);
  usePageTitle(translate('app.profile.title'));

  if (!self) return <Loading />;

  return (
    <Box component="section" aria-labelledby="profile-title">
      <Typography id="profile-title" component="h1" variant="h1" sx={{ mb: 3 }}>
        {translate('app.profile.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {/* A saved profile remounts the form, so its loaded values are the saved ones. */}
        <ProfileForm key={JSON.stringify(profileValuesOf(self))} self={self} systemIntegrator={systemIntegrator} />
        {profileHasPersonalDetails(self.role) ? <IdentitySection self={self} /> : null}
        <PasswordSection />
        <Suspense fallback={null}>
          <DataExportSection />
        </Suspense>
        {mayDeleteOwnCompany(self) ? (
          <Box sx={{ mt: 4 }}>
            <DeleteCompanyLink />
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
