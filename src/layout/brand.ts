/**
 * Lumio's colours and corner radius, in one place for both styling systems: the MUI theme of the
 * admin and the registration (theme.ts), and the plain CSS of the light public pages (landing,
 * imprint, the public frame), which read them as CSS custom properties so they need no MUI.
 */
export const BRAND = {
  primary: '#1f4e79',
  /** What MUI derives as primary.dark (main darkened by 30 %), fixed here so the CSS has it too. */
  primaryDark: '#153654',
  secondary: '#c2571a',
  background: '#f5f7fa',
  radiusPx: 8,
} as const;

/** Sets the brand values as CSS custom properties (--lumio-primary, …) on the document root. */
export function setBrandCssVariables(style: CSSStyleDeclaration = document.documentElement.style): void {
  style.setProperty('--lumio-primary', BRAND.primary);
  style.setProperty('--lumio-primary-dark', BRAND.primaryDark);
  style.setProperty('--lumio-background', BRAND.background);
  style.setProperty('--lumio-radius', `${BRAND.radiusPx}px`);
}
