import Box from '@mui/material/Box';
import { useTranslate } from 'ra-core';

/** The Lumio word mark: a small aperture symbol and the name, inline so it costs no request. */
export function Logo({ size = 32, color = 'currentColor' }: { size?: number; color?: string }) {
  const translate = useTranslate();
  return (
    <Box
      component="span"
      role="img"
      aria-label={translate('app.landing.logoAlt')}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, fontWeight: 700, fontSize: size * 0.75 }}
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
        <path
          d="M16 2 L21 14 L30 12 M30 20 L18 19 L11 29 M4 22 L12 14 L8 3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span aria-hidden="true">Lumio</span>
    </Box>
  );
}
