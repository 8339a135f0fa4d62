import AccountCircle from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useLogout, usePermissions, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { visibleMenuEntries, type MenuEntry } from '../domain/navigation';
import { DASHBOARD_PATH, PROFILE_MANAGEMENT_PATH, PROFILE_PATH } from '../domain/routes';
import { displayName, type Self } from '../domain/self';
import { usePendingEmployeeCount } from '../resources/employees/usePendingEmployeeCount';
import { Logo } from './Logo';
import { focusRing } from './theme';
import { visuallyHidden } from '../components/visuallyHidden';
import { lazyDialog } from '../components/lazyDialog';

const DRAWER_ID = 'main-menu-drawer';

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** On the dark bar the focus ring is white; in the (light) drawer it keeps the theme's colour. */
const onBarSx = {
  '&.Mui-focusVisible, &:focus-visible': { outlineColor: 'common.white' },
} as const;

const entrySx = {
  bar: {
    whiteSpace: 'nowrap',
    '&[aria-current="page"]': { bgcolor: 'rgba(255, 255, 255, 0.16)' },
    ...onBarSx,
  },
  drawer: {
    justifyContent: 'flex-start',
    '&[aria-current="page"]': { bgcolor: 'action.selected' },
  },
} as const;

/**
 * The entries the role table allows, in spec order, then a button with the user's name
 * (→ profile management), 'Passwort ändern' (→ profile) and "Abmelden": in a row on the bar, in a column in the phone's drawer.
 */
function MainMenu({ placement, onNavigate }: { placement: 'bar' | 'drawer'; onNavigate?: () => void }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const { permissions: self } = usePermissions<Self | undefined>();
  const entries = self ? visibleMenuEntries(self) : [];
  const column = placement === 'drawer';
  const sx = entrySx[placement];
  const pendingCount = usePendingEmployeeCount(self?.associatedEntity?.id, {
    enabled: entries.some((entry) => entry.badge === 'pendingEmployeeCount'),
    reportErrors: true,
  });

  return (
    <Box
      component="nav"
      aria-label={translate('app.layout.mainNavigation')}
      sx={{
        display: 'flex',
        flexDirection: column ? 'column' : 'row',
        flexWrap: 'wrap',
        alignItems: column ? 'stretch' : 'center',
        flex: 1,
        gap: 1,
      }}
    >
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexDirection: column ? 'column' : 'row',
          flexWrap: 'wrap',
          gap: 0.5,
          listStyle: 'none',
          m: 0,
          p: 0,
          flex: 1,
        }}
      >
        {entries.map((entry) => (
          <li key={entry.area}>
            <Button
              component={RouterLink}
              to={entry.href}
              color="inherit"
              fullWidth={column}
              onClick={onNavigate}
              aria-current={isActive(pathname, entry.href) ? 'page' : undefined}
              sx={sx}
            >
              <EntryLabel entry={entry} pendingCount={pendingCount} />
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
          onClick={onNavigate}
          aria-current={isActive(pathname, PROFILE_MANAGEMENT_PATH) ? 'page' : undefined}
          sx={sx}
        >
          {displayName(self)}
        </Button>
      ) : null}
      {self ? (
        <Button
          component={RouterLink}
          to={PROFILE_PATH}
          color="inherit"
          startIcon={<KeyIcon />}
          onClick={onNavigate}
          aria-current={isActive(pathname, PROFILE_PATH) ? 'page' : undefined}
          sx={sx}
        >
          {translate('app.layout.passwordChange')}
        </Button>
      ) : null}
      <Button
        color="inherit"
        variant="outlined"
        startIcon={<LogoutIcon />}
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
        sx={sx}
      >
        {translate('app.layout.logout')}
      </Button>
    </Box>
  );
}

/**
 * The entry's label; the company's 'Offene Anträge' with the number of people waiting for the
 * company's decision (issue 10) as a badge, read out as a sentence rather than a bare number.
 */
function EntryLabel({ entry, pendingCount }: { entry: MenuEntry; pendingCount: number | undefined }) {
  const translate = useTranslate();
  const label = translate(entry.labelKey);
  if (entry.badge !== 'pendingEmployeeCount' || !pendingCount) return label;
  return (
    <>
      <Badge
        badgeContent={pendingCount}
        color="secondary"
        max={999}
        slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'pending-employee-count' } as object }}
        sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none', ml: 1 } }}
      >
        {label}
      </Badge>
      <Box component="span" sx={visuallyHidden}>
        {` (${translate('app.layout.pendingEmployees', { smart_count: pendingCount })})`}
      </Box>
    </>
  );
}

/** The drawer arrives with the first touch, hover or focus of the menu button (PhoneMenuDrawer.tsx). */
const PhoneMenuDrawer = lazyDialog(() => import('./PhoneMenuDrawer'));

/** Below 600 px: one labelled button opens the menu in a drawer (MUI moves and traps the focus). */
function PhoneMenu() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing slides out as before.
  const [opened, setOpened] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={translate('app.layout.openMenu')}
        aria-controls={DRAWER_ID}
        aria-expanded={open}
        onPointerEnter={PhoneMenuDrawer.preload}
        onPointerDown={PhoneMenuDrawer.preload}
        onFocus={PhoneMenuDrawer.preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        sx={{ ml: 'auto', ...onBarSx }}
      >
        <MenuIcon />
      </IconButton>
      {opened ? (
        <PhoneMenuDrawer id={DRAWER_ID} open={open} onClose={close}>
          <MainMenu placement="drawer" onNavigate={close} />
        </PhoneMenuDrawer>
      ) : null}
    </>
  );
}

/** Header of spec section 2: the logo (→ overview) and the menu, horizontal from 600 px on. */
export function HeaderMenu() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar position="static" elevation={1}>
      <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1, py: 1 }}>
        <Box
          component={RouterLink}
          to={DASHBOARD_PATH}
          sx={{ color: 'inherit', textDecoration: 'none', mr: 1, '&:focus-visible': focusRing, ...onBarSx }}
        >
          <Logo />
        </Box>
        {phone ? <PhoneMenu /> : <MainMenu placement="bar" />}
      </Toolbar>
    </AppBar>
  );
}
