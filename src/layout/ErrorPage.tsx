import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';

/**
 * Shown when a screen crashes. react-admin's own error page adds English help links in
 * development builds; this one is German only and hides technical details from users.
 */
export function ErrorPage({
  resetErrorBoundary,
}: {
  error?: unknown;
  resetErrorBoundary?: (...args: unknown[]) => void;
}) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 2 }}>
      <Typography component="h1" variant="h2" role="alert" gutterBottom>
        {translate('ra.page.error')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('ra.message.error')}</Typography>
      <Button
        variant="contained"
        onClick={() => {
          window.history.back();
          resetErrorBoundary?.();
        }}
      >
        {translate('ra.action.back')}
      </Button>
    </Paper>
  );
}
