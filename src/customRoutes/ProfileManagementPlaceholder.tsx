import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { DeleteCompanyLink } from '../components/deleteCompany';
import { usePageTitle } from '../layout/usePageTitle';

/**
 * Stand-in for the profile-management page (issue 9, part 4, built on another branch): only its
 * heading and the 'Unternehmen löschen' link, so the deletion can be used and tested. The real
 * page replaces this file and keeps <DeleteCompanyLink />.
 */
export function ProfileManagementPlaceholder() {
  const translate = useTranslate();
  usePageTitle(translate('app.pageTitles.profile-management'));
  return (
    <Box component="section" aria-labelledby="profile-management-title">
      <Typography id="profile-management-title" component="h1" variant="h1" sx={{ mb: 3 }}>
        {translate('app.pageTitles.profile-management')}
      </Typography>
      <DeleteCompanyLink />
    </Box>
  );
}
