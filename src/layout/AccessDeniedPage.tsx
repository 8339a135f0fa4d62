import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LinkBase, useTranslate } from 'ra-core';
import { DASHBOARD_PATH } from '../domain/routes';
import { usePageTitle } from './usePageTitle';

/**
 * What a signed-in user sees on a page the role table does not open to them: rendered in place,
 * so the address stays the one they opened, with the way back to the overview. react-admin's own
 * page is too faint to read (2.09:1) and leads nowhere.
 */
export function AccessDeniedPage() {
  const translate = useTranslate();
  const title = translate('ra.page.access_denied');
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640, mx: 'auto', mt: 2 }}>
      <Typography component="h1" variant="h2" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('ra.message.access_denied')}</Typography>
      <Button component={LinkBase} to={DASHBOARD_PATH} variant="contained">
        {translate('app.backToDashboard')}
      </Button>
    </Paper>
  );
}
