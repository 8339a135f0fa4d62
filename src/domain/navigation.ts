import { eidProgress, type OwnEidReviewState } from './eidReview';
import { managesEmployees } from './employees';
import { isInitialRegistrationFinished, type Role } from './roles';
import type { GuardedRouteRoot } from './routes';

/**
 * Who sees which dashboard tile and header-menu entry, and who may open which area: ONE pure
 * table for spec section 2 ("Overview (dashboard) tiles", "Header menu and footer"). The
 * dashboard, the menu, the auth provider's canAccess and the unit tests all read it.
 */

/** The part of GET /api/self the rules need. */
export interface NavigationUser {
  role: Role;
  status: string;
  associatedEntity?: { id: string } | null;
  /** A company user's latest eID review (GET /api/self); it changes what the verify tile says. */
  eidReview?: OwnEidReviewState | null;
}

type Rule = (user: NavigationUser) => boolean;

const everyone: Rule = () => true;
const roleIn =
  (...roles: Role[]): Rule =>
  (user) =>
    roles.includes(user.role);
const registrationFinished: Rule = (user) => isInitialRegistrationFinished(user.role, user.status);
const registrationUnfinished: Rule = (user) => !registrationFinished(user);
const allOf =
  (...rules: Rule[]): Rule =>
  (user) =>
    rules.every((rule) => rule(user));

export type AreaId =
  | 'dashboard'
  | 'profileManagement'
  | 'employees'
  | 'verify'
  | 'reseller'
  | 'companyManagement'
  | 'administration'
  | 'companies'
  | 'openApplications'
  | 'eidReviews'
  | 'identificationProcessReports'
  | 'licenses'
  | 'systemIntegrators'
  | 'webhooks'
  | 'apiClients'
  | 'auditLog';

/** The id of the section 'Zu prüfende Mitarbeitende' on the employees page, the menu's link target. */
export const PENDING_EMPLOYEES_ANCHOR = 'zu-pruefende-mitarbeitende';

interface AreaDefinition {
  /** First path segment of the area's route. */
  route: GuardedRouteRoot;
  /** Link target; most areas link to their route, the owner's licences to the own company. */
  href?: (user: NavigationUser) => string;
}

export const AREAS: Record<AreaId, AreaDefinition> = {
  dashboard: { route: 'dashboard' },
  profileManagement: { route: 'profile-management' },
  employees: { route: 'employees' },
  verify: { route: 'verify' },
  reseller: { route: 'reseller' },
  companyManagement: { route: 'company-management' },
  administration: { route: 'administration' },
  companies: { route: 'companies' },
  openApplications: {
    route: 'open-applications',
    // Product decision (issue 10): the company's 'Offene Anträge' are its pending people, so Owner
    // and AccountAdministrator go to 'Zu prüfende Mitarbeitende' on the employees page.
    href: (user) => (managesEmployees(user.role) ? `/employees#${PENDING_EMPLOYEES_ANCHOR}` : '/open-applications'),
  },
  // The LumioAdmin's review of eID bindings whose data differ (issue 11: the spec's static mock made real).
  eidReviews: { route: 'verification-check' },
  identificationProcessReports: { route: 'identification-process-reports' },
  licenses: {
    route: 'license-management',
    // Spec: "Owner: /license-management/{companyId} with own company id".
    href: (user) =>
      user.role === 'Owner' && user.associatedEntity
        ? `/license-management/${encodeURIComponent(user.associatedEntity.id)}`
        : '/license-management',
  },
  systemIntegrators: { route: 'system-integrators' },
  webhooks: { route: 'webhooks' },
  apiClients: { route: 'api-clients' },
  auditLog: { route: 'audit-log' },
};

export function areaHref(area: AreaId, user: NavigationUser): string {
  const definition = AREAS[area];
  return definition.href ? definition.href(user) : `/${definition.route}`;
}

const companyManagers = roleIn('Owner', 'AccountAdministrator');

/** Counts a tile shows as its badge; each is loaded only for users who see its tile. */
export type TileBadge = 'openApplicationCount' | 'openEidReviewCount';

/** Tile rules, in the order of the spec's tile table. */
const TILE_RULES: ReadonlyArray<{
  area: AreaId;
  visibleTo: Rule;
  badge?: TileBadge;
  /** A description other than the spec's for some users: the key's last part, e.g. 'reviewOpen'. */
  descriptionVariant?: (user: NavigationUser) => string | null;
}> = [
  { area: 'profileManagement', visibleTo: everyone },
  { area: 'employees', visibleTo: allOf(companyManagers, registrationFinished) },
  {
    area: 'verify',
    visibleTo: allOf(roleIn('Owner', 'Employee', 'AccountAdministrator'), registrationUnfinished),
    // Issue 25: the spec's text asks to verify; once the ID is bound, while it is reviewed or
    // after a rejected review the tile says where the person stands instead.
    descriptionVariant: (user) => {
      const progress = eidProgress(user);
      return progress === 'toVerify' ? null : progress;
    },
  },
  { area: 'reseller', visibleTo: roleIn('SystemIntegratorAdmin') },
  { area: 'companyManagement', visibleTo: allOf(companyManagers, registrationFinished) },
  { area: 'administration', visibleTo: roleIn('LumioAdmin', 'SystemAdmin') },
  { area: 'companies', visibleTo: roleIn('LumioAdmin') },
  { area: 'openApplications', visibleTo: roleIn('LumioAdmin'), badge: 'openApplicationCount' },
  // Issue 11 adds this one row to the spec's table: the open eID reviews, counted on the badge.
  { area: 'eidReviews', visibleTo: roleIn('LumioAdmin'), badge: 'openEidReviewCount' },
  {
    area: 'identificationProcessReports',
    visibleTo: allOf(roleIn('Owner', 'LumioAdmin', 'SystemIntegratorAdmin'), registrationFinished),
  },
  { area: 'licenses', visibleTo: allOf(roleIn('SystemIntegratorAdmin', 'Owner'), registrationFinished) },
  { area: 'systemIntegrators', visibleTo: roleIn('SystemAdmin') },
];

const tileRule = (area: AreaId): Rule => TILE_RULES.find((tile) => tile.area === area)?.visibleTo ?? (() => false);

/**
 * Menu rules, in the spec's menu order. "Visibility follows the tile rules, except: Offene
 * Anträge in the menu is listed for Owner and AccountAdministrator after initial registration,
 * and Firmen and Vorgangsauswertung in the menu for LumioAdmin (the two readings differ from the
 * tiles; both apply as stated)". Read literally, the stated menu rules replace the tile rules for
 * those entries: so LumioAdmin has the 'Offene Anträge' tile but no such menu entry, and only
 * LumioAdmin has 'Vorgangsauswertung' in the menu.
 */
const MENU_RULES: ReadonlyArray<{ area: AreaId; visibleTo: Rule; badge?: 'pendingEmployeeCount' }> = [
  { area: 'dashboard', visibleTo: everyone },
  { area: 'verify', visibleTo: tileRule('verify') },
  { area: 'administration', visibleTo: tileRule('administration') },
  { area: 'companyManagement', visibleTo: tileRule('companyManagement') },
  { area: 'companies', visibleTo: roleIn('LumioAdmin') },
  { area: 'licenses', visibleTo: tileRule('licenses') },
  { area: 'reseller', visibleTo: tileRule('reseller') },
  { area: 'employees', visibleTo: tileRule('employees') },
  // The badge counts the company's pending people (GET …/user?toApprove=true, totalItemCount).
  { area: 'openApplications', visibleTo: allOf(companyManagers, registrationFinished), badge: 'pendingEmployeeCount' },
  { area: 'identificationProcessReports', visibleTo: roleIn('LumioAdmin') },
  { area: 'systemIntegrators', visibleTo: tileRule('systemIntegrators') },
  // Issue 26: menu entries only (the spec's tile table stays as it is), for the own integrator.
  { area: 'webhooks', visibleTo: roleIn('SystemIntegratorAdmin') },
  { area: 'apiClients', visibleTo: roleIn('SystemIntegratorAdmin') },
  // Issue 28: the audit log ('Protokoll'), a menu entry only: every row for the provider's
  // administrators, the own company's rows for its Owner once registered (AUDIT_LOG_READERS).
  {
    area: 'auditLog',
    visibleTo: (user) =>
      roleIn('LumioAdmin', 'SystemAdmin')(user) || allOf(roleIn('Owner'), registrationFinished)(user),
  },
];

export interface Tile {
  area: AreaId;
  href: string;
  titleKey: string;
  descriptionKey: string;
  badge?: TileBadge;
}

export interface MenuEntry {
  area: AreaId;
  href: string;
  labelKey: string;
  badge?: 'pendingEmployeeCount';
}

export function visibleTiles(user: NavigationUser): Tile[] {
  return TILE_RULES.filter((tile) => tile.visibleTo(user)).map(({ area, badge, descriptionVariant }) => {
    const variant = descriptionVariant?.(user);
    return {
      area,
      href: areaHref(area, user),
      titleKey: `app.tiles.${area}.title`,
      descriptionKey: variant ? `app.tiles.${area}.descriptions.${variant}` : `app.tiles.${area}.description`,
      ...(badge ? { badge } : {}),
    };
  });
}

export function visibleMenuEntries(user: NavigationUser): MenuEntry[] {
  return MENU_RULES.filter((entry) => entry.visibleTo(user)).map(({ area, badge }) => ({
    area,
    href: areaHref(area, user),
    labelKey: `app.menu.${area}`,
    ...(badge ? { badge } : {}),
  }));
}

/** Spec: "Only {product}Admin loads the open-applications count." */
export function shouldLoadOpenApplicationCount(user: NavigationUser): boolean {
  return user.role === 'LumioAdmin';
}

/** Every area id, for tests and for the message catalogue check. */
export const AREA_IDS = Object.keys(AREAS) as AreaId[];
export const TILE_AREAS: readonly AreaId[] = TILE_RULES.map((tile) => tile.area);
export const MENU_AREAS: readonly AreaId[] = MENU_RULES.map((entry) => entry.area);

// ---------------------------------------------------------------------------------------------
// Access (react-admin's canAccess)
// ---------------------------------------------------------------------------------------------

export type AccessAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | (string & {});

/**
 * Spec section 6 "Licences and packages", the roles of src/domain/licenseAccess.ts (the licence
 * screens' rules; tests/unit/licenses.test.tsx holds both to the same roles): written out here, as
 * importing that module into the admin app's chunk cost every page 0.2 kB. An Owner once registered.
 */
const licenseReaders: Rule = allOf(roleIn('SystemIntegratorAdmin', 'LumioAdmin', 'Owner'), registrationFinished);
const licenseManagers: Rule = roleIn('SystemIntegratorAdmin');
const licenseCompanyPickers: Rule = roleIn('SystemIntegratorAdmin', 'LumioAdmin');
/**
 * Issue 27: who reads a company's statements (route statements/{companyId}), as the server allows:
 * its Owner and AccountAdministrator once registered, and LumioAdmin every company's.
 */
const statementReaders: Rule = (user) =>
  allOf(companyManagers, registrationFinished)(user) || roleIn('LumioAdmin')(user);
/** Route statements: a company's (above), the integrator's own (statements/integrator). */
const statementRouteUsers: Rule = (user) => statementReaders(user) || roleIn('SystemIntegratorAdmin')(user);

/**
 * Resources whose actions differ per role. Team contract: system integrators are read by
 * SystemAdmin, LumioAdmin and SystemIntegratorAdmin (the server limits the latter to its own one);
 * only SystemAdmin creates and edits. Resellers (shown on the route reseller) are read by
 * SystemIntegratorAdmin and LumioAdmin (report filters) and managed by SystemIntegratorAdmin, as
 * the server allows. An action missing here is refused.
 */
const RESOURCE_ACTION_RULES: Partial<Record<string, Partial<Record<string, Rule>>>> = {
  'system-integrators': {
    list: roleIn('SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin'),
    show: roleIn('SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin'),
    create: roleIn('SystemAdmin'),
    edit: roleIn('SystemAdmin'),
  },
  resellers: {
    list: roleIn('SystemIntegratorAdmin', 'LumioAdmin'),
    create: roleIn('SystemIntegratorAdmin'),
    edit: roleIn('SystemIntegratorAdmin'),
    delete: roleIn('SystemIntegratorAdmin'),
  },
  // Route license-management (issue 13): its four lists, each a resource of its own, so that the
  // integrator's company list is no door to the LumioAdmin's 'Firmen'.
  'license-companies': { list: licenseCompanyPickers },
  'license-studios': { list: licenseReaders },
  'studio-licenses': { list: licenseReaders },
  licenses: { list: licenseReaders, show: licenseReaders, create: licenseManagers, edit: licenseManagers },
  'prepaid-packages': { list: licenseReaders, create: licenseManagers, edit: licenseManagers },
  // Issue 26: the own integrator's webhook endpoints (route webhooks) and API clients (route
  // api-clients), as the server allows them to its SystemIntegratorAdmin only.
  'webhook-endpoints': {
    list: roleIn('SystemIntegratorAdmin'),
    create: roleIn('SystemIntegratorAdmin'),
    edit: roleIn('SystemIntegratorAdmin'),
    delete: roleIn('SystemIntegratorAdmin'),
  },
  'webhook-deliveries': { list: roleIn('SystemIntegratorAdmin') },
  'api-clients': {
    list: roleIn('SystemIntegratorAdmin'),
    create: roleIn('SystemIntegratorAdmin'),
    delete: roleIn('SystemIntegratorAdmin'),
  },
  // Issue 27: the list of a company's months on route statements.
  'company-statements': { list: statementReaders },
  // Issue 28: the retention job's runs ('Datenlöschung' in 'Verwaltung'), the SystemAdmin's alone.
  'retention-runs': { list: roleIn('SystemAdmin') },
};

/** Guarded routes that are neither a tile nor a menu entry. */
const EXTRA_ROUTE_RULES: Partial<Record<GuardedRouteRoot, Rule>> = {
  // 'profile' only links to the password change at the identity provider; everyone has one.
  profile: everyone,
  // The review of differing eID data (list and detail) is the LumioAdmin's alone, like its tile.
  'verification-check': tileRule('eidReviews'),
  'open-application-detail-view': tileRule('openApplications'),
  // The tile's users, and LumioAdmin, who reads every licence (by address; it has no tile).
  'license-management': licenseReaders,
  // Issue 27: a company's statements (statements/{companyId}), linked from 'Firma' for its Owner
  // and AccountAdministrator and from the company's page for LumioAdmin; the integrator's
  // (statements/integrator) from its 'Lizenzen', the LumioAdmin's export (statements/export) from 'Firmen'.
  statements: statementRouteUsers,
};

/**
 * Whether the user may open a guarded route: wherever the dashboard or the menu links a user to,
 * that user may go (a link must never lead to "Zugriff verweigert"). The server still enforces the
 * real permissions of every call.
 */
function canOpenRoute(user: NavigationUser, route: string): boolean {
  const extra = EXTRA_ROUTE_RULES[route as GuardedRouteRoot];
  if (extra) return extra(user);
  // Where the user's links lead, not the areas' own routes: a company manager's 'Offene Anträge'
  // leads to the employees page, and opens no review of studio applications.
  const links = [...visibleTiles(user), ...visibleMenuEntries(user)];
  return links.some((link) => routeOfHref(link.href) === route);
}

/** The route root a link leads to: '/employees#…' → 'employees'. */
function routeOfHref(href: string): string {
  return href.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
}

/**
 * canAccess for react-admin: `resource` is a react-admin resource name or the first segment of a
 * guarded custom route. Areas without per-action rules allow every action to those who may open
 * them; later resources add their action rules to RESOURCE_ACTION_RULES.
 */
export function canAccess(user: NavigationUser, resource: string, action: AccessAction): boolean {
  const actionRules = RESOURCE_ACTION_RULES[resource];
  if (actionRules) return actionRules[action]?.(user) ?? false;
  return canOpenRoute(user, resource);
}
