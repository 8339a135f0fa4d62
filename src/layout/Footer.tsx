import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router';
import { IMPRINT_PATH } from '../domain/routes';

/** Spec section 2: the footer shows the current year and an imprint link, on every page. */
export function Footer() {
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: 3,
        py: 2,
        px: 3,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('app.footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
      <Link component={RouterLink} to={IMPRINT_PATH} variant="body2">
        {translate('app.footer.imprint')}
      </Link>
    </Box>
  );
}
