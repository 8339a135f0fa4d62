import AccountCircle from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { useLogout, usePermissions, useTranslate } from 'ra-core';
import { Link as RouterLink, useLocation } from 'react-router';
import { visibleMenuEntries } from '../domain/navigation';
import { DASHBOARD_PATH, PROFILE_MANAGEMENT_PATH } from '../domain/routes';
import { displayName, type Self } from '../domain/self';
import { Logo } from './Logo';

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

const entrySx = {
  textTransform: 'none',
  whiteSpace: 'nowrap',
  '&[aria-current="page"]': { bgcolor: 'rgba(255, 255, 255, 0.16)' },
} as const;

/**
 * Horizontal header menu of spec section 2: the entries the role table allows, in spec order,
 * then a button with the user's name (→ profile management) and "Abmelden".
 */
export function HeaderMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const { permissions: self } = usePermissions<Self | undefined>();
  const entries = self ? visibleMenuEntries(self) : [];

  return (
    <AppBar position="static" elevation={1}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1, py: 1 }}>
        <Box component={RouterLink} to={DASHBOARD_PATH} sx={{ color: 'inherit', textDecoration: 'none', mr: 1 }}>
          <Logo />
        </Box>
        <Box
          component="nav"
          aria-label={translate('app.layout.mainNavigation')}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', flex: 1, gap: 1 }}
        >
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0, flex: 1 }}
          >
            {entries.map((entry) => (
              <li key={entry.area}>
                <Button
                  component={RouterLink}
                  to={entry.href}
                  color="inherit"
                  aria-current={isActive(pathname, entry.href) ? 'page' : undefined}
                  sx={entrySx}
                >
                  {translate(entry.labelKey)}
                </Button>
              </li>
            ))}
          </Box>
          {self ? (
            <Button
              component={RouterLink}
              to={PROFILE_MANAGEMENT_PATH}
              color="inherit"
              startIcon={<AccountCircle />}
              aria-current={isActive(pathname, PROFILE_MANAGEMENT_PATH) ? 'page' : undefined}
              sx={entrySx}
            >
              {displayName(self)}
            </Button>
          ) : null}
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<LogoutIcon />}
            onClick={() => void logout()}
            sx={entrySx}
          >
            {translate('app.layout.logout')}
          </Button>
        </Box>
      </Toolbar>
    </AppBar>
  );
}
