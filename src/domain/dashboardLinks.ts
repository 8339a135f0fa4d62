import { areaHref, canAccess, type AreaId, type NavigationUser } from './navigation';

/** The screens that handle a figure of 'Was ansteht' (issue 25). */
export type PendingTarget =
  | 'pendingEmployees'
  | 'licenses'
  | 'verify'
  | 'openApplications'
  | 'eidReviews'
  | 'companies'
  | 'administration'
  | 'systemIntegrators';

/** Each target's area (its link, src/domain/navigation.ts) and the route canAccess decides on. */
const TARGETS: Record<PendingTarget, { area: AreaId; route: string }> = {
  // A company manager's 'Offene Anträge' is the section 'Zu prüfende Mitarbeitende' of the employees page.
  pendingEmployees: { area: 'openApplications', route: 'employees' },
  // The Owner's licences open on its own company (the studios with their usage and packages).
  licenses: { area: 'licenses', route: 'license-management' },
  verify: { area: 'verify', route: 'verify' },
  openApplications: { area: 'openApplications', route: 'open-applications' },
  eidReviews: { area: 'eidReviews', route: 'verification-check' },
  companies: { area: 'companies', route: 'companies' },
  administration: { area: 'administration', route: 'administration' },
  systemIntegrators: { area: 'systemIntegrators', route: 'system-integrators' },
};

/**
 * Where a figure links to for this user, or undefined when the user may not open that screen
 * (an AccountAdministrator sees the company's packages but not the licence screens): a link must
 * never lead to 'Zugriff verweigert', so such a figure is plain text.
 */
export function pendingHref(target: PendingTarget, user: NavigationUser): string | undefined {
  const { area, route } = TARGETS[target];
  return canAccess(user, route, 'list') ? areaHref(area, user) : undefined;
}
