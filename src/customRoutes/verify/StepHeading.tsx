import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a verify step. When the page moves to another step by itself (QR code shown,
 * result arrived, back to step 1), the button that had the focus is gone; the new step's heading
 * takes it, so keyboard and screen-reader users continue where the page now is.
 */
export function StepHeading({ id, focus, children }: { id: string; focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Typography
      ref={ref}
      id={id}
      component="h2"
      variant="h2"
      tabIndex={-1}
      sx={{ fontSize: '1.25rem', mb: 2, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
