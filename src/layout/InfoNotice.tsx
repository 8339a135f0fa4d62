import type { ReactNode } from 'react';
import './infoNotice.css';

/** MUI's InfoOutlined icon, inline. */
function InfoIcon() {
  return (
    <svg className="lumio-notice__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8" />
    </svg>
  );
}

/**
 * A notice with the look of MUI's info alert in plain React and CSS: the public pages show it
 * before (the landing page: without) MUI's Alert and its icons are downloaded.
 */
export function InfoNotice({
  children,
  role,
  className,
}: {
  children: ReactNode;
  role?: 'status';
  className?: string;
}) {
  return (
    <p className={className ? `lumio-notice ${className}` : 'lumio-notice'} role={role}>
      <InfoIcon />
      <span className="lumio-notice__text">{children}</span>
    </p>
  );
}
