import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

/**
 * One MUI theme for the public pages and the admin. Built with MUI's createTheme, not with
 * react-admin's theme helpers, so the landing page does not pull react-admin in. deDE gives MUI's
 * own component texts (pagination, date parts) in German.
 */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#1f4e79' },
      secondary: { main: '#c2571a' },
      background: { default: '#f5f7fa' },
    },
    shape: { borderRadius: 8 },
    typography: {
      h1: { fontSize: '2rem', fontWeight: 600 },
      h2: { fontSize: '1.5rem', fontWeight: 600 },
      // German labels are long compound words; capitals make them hard to read.
      button: { textTransform: 'none' },
    },
  },
  deDE,
);
