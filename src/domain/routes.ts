/**
 * The route table of spec section 2, split into public and guarded routes. The light public shell
 * (main.tsx) uses it to decide whether a path needs the admin app at all, so an unknown path is
 * sent to the landing page without downloading react-admin.
 */

/** First path segment of every guarded route of spec section 2 (react-admin renders them). */
export const GUARDED_ROUTE_ROOTS = [
  'dashboard',
  'verify',
  'verification-check',
  'profile',
  'profile-management',
  'employees',
  'open-applications',
  'open-application-detail-view',
  'administration',
  'company-management',
  'companies',
  'identification-process-reports',
  'license-management',
  'reseller',
  'system-integrators',
  // Issue 26: the SystemIntegratorAdmin's webhook endpoints and API clients.
  'webhooks',
  'api-clients',
  // Issue 27: a company's statements (statements/{companyId}[/{month}]), the integrator's
  // (statements/integrator/{month}) and the LumioAdmin's provider export (statements/export).
  'statements',
  // Issue 28: the audit log ('Protokoll').
  'audit-log',
] as const;
export type GuardedRouteRoot = (typeof GUARDED_ROUTE_ROOTS)[number];

/** react-admin's own pages inside the guarded app (canAccess and authentication failures land here). */
export const ADMIN_INTERNAL_ROUTE_ROOTS = ['access-denied', 'authentication-error'] as const;

export const LANDING_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';
export const IMPRINT_PATH = '/imprint';
export const REGISTER_STUDIO_PATH = '/register-studio';
export const PROFILE_MANAGEMENT_PATH = '/profile-management';
export const PROFILE_PATH = '/profile';

/**
 * The public pages an e-mail change's confirmation mail links to (spec section 2): company users'
 * and administrators' changes each have their own.
 */
export const EMAIL_CHANGE_CONFIRM_ROUTES = {
  user: 'user-email-change-request',
  administrator: 'administrator-email-change-request',
} as const;
export type EmailChangeKind = keyof typeof EMAIL_CHANGE_CONFIRM_ROUTES;

/** The public registration by invitation (spec section 2): the invitation mail links to /employee-invitation/{id}. */
export const EMPLOYEE_INVITATION_ROUTE = 'employee-invitation';

function firstSegment(pathname: string): string {
  return pathname.replace(/^\/+/, '').split('/')[0] ?? '';
}

/** True when the path belongs to the admin app (a guarded route or one of react-admin's own pages). */
export function isGuardedPath(pathname: string): boolean {
  const root = firstSegment(pathname);
  return (
    (GUARDED_ROUTE_ROOTS as readonly string[]).includes(root) ||
    (ADMIN_INTERNAL_ROUTE_ROOTS as readonly string[]).includes(root)
  );
}

/**
 * Where the login of a visitor who opened a guarded page without a session leads back to: that
 * very page (a mailed link to a report or a package), query included; anything else goes to the
 * dashboard. Only paths of the web app itself, never another origin.
 */
export function loginTargetOf(pathname: string, search = ''): string {
  if (!pathname.startsWith('/') || pathname.startsWith('//') || !isGuardedPath(pathname)) return DASHBOARD_PATH;
  return `${pathname}${search}`;
}
