import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ListSearch } from './ListSearch';

export interface ListToolbarProps {
  /** Lists without a searchable column hide the search box. */
  searchable?: boolean;
  /** Buttons right of the search box, e.g. a <CreateButton>. */
  actions?: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * Above every table (spec "Generic table behaviour"): the search box on the left, the list's
 * actions on the right, wrapping below each other on a narrow screen (and the actions among
 * themselves: the SystemAdmin's 'Verwaltung' has three).
 */
export function ListToolbar({ searchable = true, actions, sx }: ListToolbarProps) {
  return (
    <Box
      sx={[
        { display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {searchable ? <ListSearch /> : <span />}
      {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
    </Box>
  );
}
