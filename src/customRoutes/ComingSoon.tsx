import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../layout/usePageTitle';

/**
 * Placeholder of a spec route whose screen a later issue builds, so the tiles and menu entries
 * already lead somewhere German instead of a 404. Replace it in guardedRoutes.tsx/publicRoutes.tsx.
 */
export function ComingSoon({
  backTo,
  backLabelKey,
  titleKey,
}: {
  backTo: string;
  backLabelKey: string;
  /** The tab title of the area the page will be. */
  titleKey?: string;
}) {
  const translate = useTranslate();
  usePageTitle(titleKey ? translate(titleKey) : null);
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 2, textAlign: 'center' }}>
      <Typography component="h1" variant="h2" gutterBottom>
        {translate('app.comingSoon')}
      </Typography>
      <Link component={RouterLink} to={backTo}>
        {translate(backLabelKey)}
      </Link>
    </Paper>
  );
}
