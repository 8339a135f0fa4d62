import Box from '@mui/material/Box';
import { Loading, TitlePortal } from 'react-admin';
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Footer } from './Footer';
import { HeaderMenu } from './HeaderMenu';
import { LayoutErrorBoundary } from './LayoutErrorBoundary';
import { SessionWatcher } from './SessionWatcher';
import { SkipToContentButton } from './SkipToContentButton';
import { usePageFocus } from './usePageFocus';

/** The main landmark; the skip link jumps to this id. */
const MAIN_ID = 'main-content';

/**
 * Layout of the signed-in app: header menu on top (no sidebar: the spec's menu is horizontal),
 * the page, the footer. It provides the Suspense boundary that React.lazy resource screens need.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  usePageFocus(MAIN_ID);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipToContentButton targetId={MAIN_ID} />
      <HeaderMenu />
      <Box component="main" id={MAIN_ID} sx={{ flex: 1, px: { xs: 2, md: 4 }, py: 3 }}>
        {/* react-admin's <Title> (list and form pages) renders into this heading; hidden while empty.
            TitlePortal keeps its text on one line (nowrap, overflow hidden), which cut a long German
            title off on a phone ('Vorgangsauswertung an…'): here it wraps, long words hyphenated. */}
        <TitlePortal
          component="h1"
          variant="h1"
          sx={{
            mb: 2,
            whiteSpace: 'normal',
            overflowWrap: 'break-word',
            hyphens: 'auto',
            '&:empty': { display: 'none' },
          }}
        />
        <LayoutErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </LayoutErrorBoundary>
      </Box>
      <Footer />
      <SessionWatcher />
    </Box>
  );
}
