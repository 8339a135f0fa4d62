import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { BRAND } from './brand';

const PRIMARY = BRAND.primary;
/** rgba(0, 0, 0, 0.6) on white: 5.7:1. MUI's disabled grey (0.38) is 2.7:1. */
const READABLE_GREY = 'rgba(0, 0, 0, 0.6)';

/**
 * The keyboard focus of every control: a ring outside the control, so that it shows on white, on
 * the page background and around a filled primary button alike. Controls on the dark header bar
 * switch its colour to white (HeaderMenu).
 */
export const focusRing = { outline: `3px solid ${PRIMARY}`, outlineOffset: 2 } as const;

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
    components: {
      // Buttons, icon buttons, sort headers, checkboxes, list rows: all are ButtonBase. MUI marks
      // keyboard focus with Mui-focusVisible but draws nothing for most of them (sort headers).
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
      // react-admin shows read-only inputs as disabled; their value and its explanation must stay
      // readable (WCAG 1.4.3), only the field's frame shows that it cannot be changed.
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: READABLE_GREY } } } },
      MuiFormLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: READABLE_GREY } } } },
      MuiInputBase: {
        styleOverrides: {
          input: { '&.Mui-disabled': { color: READABLE_GREY, WebkitTextFillColor: READABLE_GREY } },
        },
      },
      // react-admin's loading page writes 'Bitte warten …' in the disabled grey (2.65:1).
      RaLoading: { styleOverrides: { root: { '& .RaLoading-message': { color: READABLE_GREY } } } },
    },
  },
  deDE,
);
