import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { theme } from './theme';

/*
 * What MUI's own ThemeProvider hands on for a theme without CSS variables (ours: createTheme
 * without cssVariables or colorSchemes), without its CSS-variables provider, which a public page
 * would download for nothing; `vars: null` keeps an outer theme's variables out, as MUI does.
 */
const publicTheme = { ...theme, vars: null };

/**
 * Lumio's MUI theme for a public page built with MUI (registration, invitation, confirmations).
 * The public shell has none, so the landing page does not load MUI; the admin gets the same
 * theme through react-admin's <AdminContext>. No CssBaseline: these pages render in
 * PublicLayout, whose publicFrame.css sets the same baseline for every public page.
 */
export function MuiProviders({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={publicTheme}>{children}</ThemeProvider>;
}
