import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Loading } from 'react-admin';
import { usePermissions, useTranslate } from 'ra-core';
import { shouldLoadOpenApplicationCount, visibleTiles } from '../domain/navigation';
import type { Self } from '../domain/self';
import { usePageTitle } from '../layout/usePageTitle';
import { DashboardTile } from './DashboardTile';
import { useOpenApplicationCount } from './useOpenApplicationCount';

export { DASHBOARD_PATH } from '../domain/routes';

/** Overview (route dashboard, the target after login): the tiles of spec section 2 for this user. */
export function Dashboard() {
  const translate = useTranslate();
  const { permissions: self } = usePermissions<Self | undefined>();
  const openApplicationCount = useOpenApplicationCount(self ? shouldLoadOpenApplicationCount(self) : false);
  usePageTitle(translate('app.dashboard.title'));

  if (!self) return <Loading />;
  const tiles = visibleTiles(self);

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
            <DashboardTile
              tile={tile}
              badgeCount={tile.badge === 'openApplicationCount' ? openApplicationCount : undefined}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
