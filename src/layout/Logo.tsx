import { shellText } from '../i18n/shellText';

/**
 * The Lumio word mark: a small aperture symbol and the name, inline so it costs no request. Plain
 * React, so the landing page can show it without MUI; the admin's header uses it as well.
 */
export function Logo({ size = 32, color = 'currentColor' }: { size?: number; color?: string }) {
  return (
    <span
      role="img"
      aria-label={shellText.landing.logoAlt}
      className="lumio-logo"
      style={{ color, fontSize: size * 0.75 }}
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
    </span>
  );
}
