import Badge from '@mui/material/Badge';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Tile } from '../domain/navigation';

/**
 * One overview tile: a card-sized link whose accessible name is exactly the tile title; the
 * description (and the badge count) describe it.
 */
export function DashboardTile({ tile, badgeCount }: { tile: Tile; badgeCount?: number }) {
  const translate = useTranslate();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const badgeId = `${id}-badge`;
  const title = translate(tile.titleKey);
  const hasBadge = tile.badge !== undefined && badgeCount !== undefined;

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={tile.href}
        aria-labelledby={titleId}
        aria-describedby={hasBadge ? `${descriptionId} ${badgeId}` : descriptionId}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent>
          {hasBadge ? (
            <Badge
              badgeContent={badgeCount}
              color="secondary"
              max={999}
              showZero
              slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'open-application-count' } as object }}
              sx={{ '& .MuiBadge-badge': { right: -16, top: 14 } }}
            >
              <Typography id={titleId} component="h2" variant="h6" gutterBottom>
                {title}
              </Typography>
            </Badge>
          ) : (
            <Typography id={titleId} component="h2" variant="h6" gutterBottom>
              {title}
            </Typography>
          )}
          {hasBadge ? (
            <span id={badgeId} hidden>
              {translate('app.dashboard.openApplicationCount', { smart_count: badgeCount })}
            </span>
          ) : null}
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {translate(tile.descriptionKey)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
