import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useId, type ReactNode } from 'react';

/** Shown for an empty optional value (second phone number, website, member number). */
export const EMPTY_VALUE = '–';

/**
 * A titled part of a read-only detail page (company data, studios, attachments); the heading
 * names the section for screen readers.
 */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} component="h2" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** Labelled read-only values side by side, wrapping on narrow screens. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        columnGap: 3,
        rowGap: 2,
        '& .RaLabeled-label': { fontSize: '0.8rem' },
        '& .RaLabeled-label + *': { overflowWrap: 'anywhere' },
      }}
    >
      {children}
    </Box>
  );
}
