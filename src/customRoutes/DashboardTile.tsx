import Badge from '@mui/material/Badge';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Tile, TileBadge } from '../domain/navigation';
import { focusRing } from '../layout/theme';

/**
 * The link covers the whole card (its ::after spans the card), so the card is one click target,
 * while the link's own content, and so its accessible name, is exactly the title (WCAG 2.5.3:
 * the visible label is the name). The description and the badge count describe it.
 */
const stretchedLinkSx = {
  '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 2 },
  '&:hover::after': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible::after': { ...focusRing, outlineOffset: -3 },
} as const;

/** Each badge's test id (the browser tests read the count by it). */
const BADGE_TEST_IDS: Record<TileBadge, string> = {
  openApplicationCount: 'open-application-count',
  openEidReviewCount: 'open-eid-review-count',
};

/** One overview tile: a card-sized link named by the tile title. */
export function DashboardTile({ tile, badgeCount }: { tile: Tile; badgeCount?: number }) {
  const translate = useTranslate();
  const id = useId();
  const descriptionId = `${id}-description`;
  const badgeId = `${id}-badge`;
  const badge = badgeCount === undefined ? undefined : tile.badge;
  const hasBadge = badge !== undefined;

  return (
    <Card variant="outlined" sx={{ height: '100%', position: 'relative' }}>
      <CardContent sx={hasBadge ? { pr: 7 } : undefined}>
        <Typography component="h2" variant="h6" gutterBottom>
          <Link
            component={RouterLink}
            to={tile.href}
            color="inherit"
            underline="none"
            aria-describedby={hasBadge ? `${descriptionId} ${badgeId}` : descriptionId}
            sx={stretchedLinkSx}
          >
            {translate(tile.titleKey)}
          </Link>
        </Typography>
        {hasBadge ? (
          <Badge
            badgeContent={badgeCount}
            color="secondary"
            max={999}
            showZero
            slotProps={{ badge: { 'aria-hidden': true, 'data-testid': BADGE_TEST_IDS[badge] } as object }}
            sx={{ position: 'absolute', top: 30, right: 32 }}
          />
        ) : null}
        {hasBadge ? (
          <span id={badgeId} hidden>
            {/* The count as a sentence, e.g. '4 offene Anträge' (app.dashboard.<badge>). */}
            {translate(`app.dashboard.${badge}`, { smart_count: badgeCount })}
          </span>
        ) : null}
        <Typography id={descriptionId} variant="body2" color="text.secondary">
          {translate(tile.descriptionKey)}
        </Typography>
      </CardContent>
    </Card>
  );
}
