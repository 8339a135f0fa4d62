import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LANDING_PATH } from '../domain/routes';
import { Footer } from './Footer';
import { Logo } from './Logo';

/** Frame of the public pages (landing, imprint, registration): logo bar, content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Box component={RouterLink} to={LANDING_PATH} sx={{ color: 'inherit', textDecoration: 'none' }}>
            <Logo />
          </Box>
        </Toolbar>
      </AppBar>
      <Box component="main" id="main-content" sx={{ flex: 1, px: { xs: 2, md: 4 }, py: { xs: 3, md: 6 } }}>
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
