import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Lumio's MUI theme and baseline for a public page built with MUI (registration, confirmation).
 * The public shell has none, so the landing page does not load MUI; the admin gets the same
 * theme through react-admin's <AdminContext>.
 */
export function MuiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
