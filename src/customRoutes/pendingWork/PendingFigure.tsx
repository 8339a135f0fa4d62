import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * One figure of 'Was ansteht' as a list item: a link to the screen that handles it when the user
 * may open that screen, plain text otherwise. The text carries the number ('3 Pakete
 * aufgebraucht'), so the link's name says what it leads to. `detail` adds a second line.
 */
export function PendingFigure({
  href,
  children,
  detail,
  testId,
}: {
  href: string | undefined;
  children: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <li data-testid={testId}>
      <Typography component="span" variant="body1" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {href ? (
          <Link component={RouterLink} to={href}>
            {children}
          </Link>
        ) : (
          children
        )}
      </Typography>
      {detail ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {detail}
        </Typography>
      ) : null}
    </li>
  );
}
