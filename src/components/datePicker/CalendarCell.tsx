import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface CalendarCellProps {
  /** 'td' in the month view's table, 'div' in the grids of months and years. */
  component: 'td' | 'div';
  /** The one cell in the grid's tab order (roving tabindex). */
  focused: boolean;
  selected: boolean;
  disabled: boolean;
  /** Today: outlined. */
  current?: boolean;
  /** Full name for screen readers when the cell shows a short one ("7" → "Donnerstag, 7. März 2024"). */
  label?: string;
  height: number;
  onChoose: () => void;
  children: ReactNode;
}

/**
 * One day, month or year of the calendar, styled like the small MUI buttons it replaces
 * (selected: contained, current: outlined, else text). A gridcell rather than a button, so the
 * grid is one tab stop whose cells the arrow keys move through and which carry aria-selected.
 */
export function CalendarCell({
  component,
  focused,
  selected,
  disabled,
  current = false,
  label,
  height,
  onChoose,
  children,
}: CalendarCellProps) {
  return (
    <Box
      component={component}
      role="gridcell"
      tabIndex={focused ? 0 : -1}
      data-focused={focused || undefined}
      aria-selected={selected || undefined}
      aria-disabled={disabled || undefined}
      aria-current={current ? 'date' : undefined}
      aria-label={label}
      onClick={disabled ? undefined : onChoose}
      sx={(theme: Theme) => ({
        ...theme.typography.button,
        fontSize: theme.typography.pxToRem(13),
        height,
        p: 0,
        boxSizing: 'border-box',
        textAlign: 'center',
        verticalAlign: 'middle',
        lineHeight: `${height}px`,
        borderRadius: `${theme.shape.borderRadius}px`,
        border: '1px solid transparent',
        cursor: disabled ? 'default' : 'pointer',
        userSelect: 'none',
        color: theme.palette.primary.main,
        ...(current && { borderColor: alpha(theme.palette.primary.main, 0.5) }),
        ...(selected && {
          color: theme.palette.primary.contrastText,
          backgroundColor: theme.palette.primary.main,
        }),
        ...(disabled && { color: theme.palette.text.disabled, backgroundColor: 'transparent' }),
        '&:hover': disabled
          ? {}
          : {
              backgroundColor: selected
                ? theme.palette.primary.dark
                : alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
            },
        '&:focus-visible': {
          outline: `2px solid ${theme.palette.primary.dark}`,
          outlineOffset: 1,
        },
      })}
    >
      {children}
    </Box>
  );
}
