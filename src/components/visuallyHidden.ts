/**
 * Styles (an `sx` value) that keep an element for screen readers and the keyboard but out of
 * sight: a badge's spoken meaning, a link's "opens in a new tab", the styled file input's real input.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
