import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslate } from 'ra-core';

/** Spinner for the public shell while a lazy chunk (e.g. the admin app) loads; no react-admin UI. */
export function PageLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={translate('app.loading')} />
    </Box>
  );
}
