/**
 * A TextField as a native select (the browser's own list: keyboard and screen readers as usual)
 * whose label always sits above the value: with an empty value ('Alle Studios') MUI would
 * otherwise draw the label over the first option.
 */
export const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;
