import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { BRAND } from './brand';

/**
 * The MUI theme of every page built with MUI (the admin, the registration, the confirmation page).
 * The landing page and the imprint are plain CSS with the same brand values (brand.ts), so they
 * load no MUI at all. Built with MUI's createTheme, not with react-admin's theme helpers, so the
 * registration does not pull react-admin in. deDE gives MUI's own component texts (pagination,
 * date parts) in German.
 */
export const theme = createTheme(
  {
    palette: {
      primary: { main: BRAND.primary, dark: BRAND.primaryDark },
      secondary: { main: BRAND.secondary },
      background: { default: BRAND.background },
    },
    shape: { borderRadius: BRAND.radiusPx },
    typography: {
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
      // German labels are long compound words; capitals make them hard to read.
      button: { textTransform: 'none' },
    },
  },
  deDE,
);
