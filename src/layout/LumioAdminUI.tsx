import CssBaseline from '@mui/material/CssBaseline';
import { createElement, type ComponentType } from 'react';
import { AuthenticationError, CoreAdminUI, LoadingPage, type CoreAdminUIProps } from 'react-admin';

export interface LumioAdminUIProps extends CoreAdminUIProps {
  notification: ComponentType;
}

/**
 * react-admin's AdminUI without its defaults: AdminUI names its login page, auth callback page,
 * notification, layout and not-found page as default values, so they are bundled even when every
 * one of them is replaced — the login form with react-hook-form and MUI's text field came to 40 kB
 * (gzip) of every signed-in page (issue 25). Lumio passes its own of each, or none (login and
 * callback are the identity provider's); the rest is AdminUI as it is.
 */
export function LumioAdminUI({ notification, ...props }: LumioAdminUIProps) {
  return (
    <CssBaseline enableColorScheme>
      <CoreAdminUI authenticationError={AuthenticationError} loading={LoadingPage} {...props} />
      {createElement(notification)}
    </CssBaseline>
  );
}
