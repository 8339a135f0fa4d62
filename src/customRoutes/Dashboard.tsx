import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Loading } from 'react-admin';
import { usePermissions, useTranslate } from 'ra-core';
import { lazy, Suspense } from 'react';
import { shouldLoadOpenApplicationCount, visibleTiles, type TileBadge } from '../domain/navigation';
import type { Self } from '../domain/self';
import { usePageTitle } from '../layout/usePageTitle';
import { DashboardTile } from './DashboardTile';
import { useTileBadgeCount } from './useTileBadgeCount';

export { DASHBOARD_PATH } from '../domain/routes';

/** 'Was ansteht' below the tiles: a chunk of its own, so the tiles appear as fast as without it. */
const PendingWork = lazy(() => import('./pendingWork/PendingWork'));

/** Overview (route dashboard, the target after login): the tiles of spec section 2 for this user. */
export function Dashboard() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const tiles = self ? visibleTiles(self) : [];
  const openApplicationCount = useTileBadgeCount(
    'openApplicationCount',
    self ? shouldLoadOpenApplicationCount(self) : false,
  );
  // Loaded for whoever sees the 'eID-Prüfungen' tile, i.e. LumioAdmin only.
  const openEidReviewCount = useTileBadgeCount(
    'openEidReviewCount',
    tiles.some((tile) => tile.badge === 'openEidReviewCount'),
  );
  const badgeCounts: Record<TileBadge, number | undefined> = { openApplicationCount, openEidReviewCount };
  usePageTitle(translate('app.dashboard.title'));

  if (!self) return <Loading />;

  return (
    <Box component="section" aria-labelledby="dashboard-title">
      <Typography id="dashboard-title" component="h1" variant="h1" sx={{ mb: 3 }}>
        {translate('app.dashboard.title')}
      </Typography>
      <Box
        component="ul"
        aria-label={translate('app.dashboard.tiles')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          gap: 2,
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {tiles.map((tile) => (
          <li key={tile.area}>
            <DashboardTile tile={tile} badgeCount={tile.badge ? badgeCounts[tile.badge] : undefined} />
          </li>
        ))}
      </Box>
      <Suspense fallback={null}>
        <PendingWork self={self} />
      </Suspense>
    </Box>
  );
}
