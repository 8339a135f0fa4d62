import { describe, expect, it } from 'vitest';
import {
  canAccess,
  PENDING_EMPLOYEES_ANCHOR,
  shouldLoadOpenApplicationCount,
  visibleMenuEntries,
  visibleTiles,
  type NavigationUser,
} from '../../src/domain/navigation';
import { canEditCompany, canSeeCompanyHistory } from '../../src/domain/companyAccess';
import { ROLES, type Role } from '../../src/domain/roles';
import { deMessages } from '../../src/i18n/de';
import { flattenMessages } from '../../src/i18n/mergeMessages';

const texts = flattenMessages(deMessages);
const german = (key: string) => {
  const text = texts.get(key);
  if (text === undefined) throw new Error(`missing text ${key}`);
  return text;
};

const COMPANY_ID = '6c1f7a52-8a43-4c55-9b0c-2f1f0a6f2b11';
const user = (role: Role, finished: boolean): NavigationUser => ({
  role,
  status: finished ? 'VerifiedAndApproved' : 'Unverified',
  associatedEntity: { id: COMPANY_ID },
});

/** Spec section 2, tile table, in table order, written out by hand per role and registration state. */
const EXPECTED_TILES: Record<Role, { unfinished: string[]; finished: string[] }> = {
  Owner: {
    unfinished: ['Profilverwaltung', 'eID-Verifizierung'],
    finished: ['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios', 'Vorgangsauswertung', 'Lizenzen'],
  },
  AccountAdministrator: {
    unfinished: ['Profilverwaltung', 'eID-Verifizierung'],
    finished: ['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios'],
  },
  Employee: {
    unfinished: ['Profilverwaltung', 'eID-Verifizierung'],
    finished: ['Profilverwaltung'],
  },
  SystemAdmin: {
    unfinished: ['Profilverwaltung', 'Verwaltung', 'System-Integrator'],
    finished: ['Profilverwaltung', 'Verwaltung', 'System-Integrator'],
  },
  // Issue 11 adds 'eID-Prüfungen' after 'Offene Anträge', for LumioAdmin only.
  LumioAdmin: {
    unfinished: ['Profilverwaltung', 'Verwaltung', 'Firmen', 'Offene Anträge', 'eID-Prüfungen', 'Vorgangsauswertung'],
    finished: ['Profilverwaltung', 'Verwaltung', 'Firmen', 'Offene Anträge', 'eID-Prüfungen', 'Vorgangsauswertung'],
  },
  SystemIntegratorAdmin: {
    unfinished: ['Profilverwaltung', 'Reseller', 'Vorgangsauswertung', 'Lizenzen'],
    finished: ['Profilverwaltung', 'Reseller', 'Vorgangsauswertung', 'Lizenzen'],
  },
};

/**
 * Spec section 2, header menu in spec order. Differences to the tiles as stated: 'Offene Anträge'
 * for Owner and AccountAdministrator after initial registration, 'Firmen' and 'Vorgangsauswertung'
 * for LumioAdmin only.
 */
const EXPECTED_MENU: Record<Role, { unfinished: string[]; finished: string[] }> = {
  Owner: {
    unfinished: ['Übersicht', 'eID-Verifizierung'],
    // Issue 28: 'Protokoll', the own company's audit rows, once registered.
    finished: ['Übersicht', 'Firma & Studio', 'Lizenzen', 'Mitarbeitende', 'Offene Anträge', 'Protokoll'],
  },
  AccountAdministrator: {
    unfinished: ['Übersicht', 'eID-Verifizierung'],
    finished: ['Übersicht', 'Firma & Studio', 'Mitarbeitende', 'Offene Anträge'],
  },
  Employee: {
    unfinished: ['Übersicht', 'eID-Verifizierung'],
    finished: ['Übersicht'],
  },
  SystemAdmin: {
    unfinished: ['Übersicht', 'Verwaltung', 'System-Integrator', 'Protokoll'],
    finished: ['Übersicht', 'Verwaltung', 'System-Integrator', 'Protokoll'],
  },
  LumioAdmin: {
    unfinished: ['Übersicht', 'Verwaltung', 'Firmen', 'Vorgangsauswertung', 'Protokoll'],
    finished: ['Übersicht', 'Verwaltung', 'Firmen', 'Vorgangsauswertung', 'Protokoll'],
  },
  // Issue 26 adds 'Webhooks' and 'API-Zugänge' to the menu (no tiles), for SystemIntegratorAdmin only.
  SystemIntegratorAdmin: {
    unfinished: ['Übersicht', 'Lizenzen', 'Reseller', 'Webhooks', 'API-Zugänge'],
    finished: ['Übersicht', 'Lizenzen', 'Reseller', 'Webhooks', 'API-Zugänge'],
  },
};

const cases = ROLES.flatMap((role) =>
  (['unfinished', 'finished'] as const).map((state) => ({ role, state, finished: state === 'finished' })),
);

describe('dashboard tiles', () => {
  it.each(cases)(
    '$role with registration $state sees exactly the tiles of the spec table',
    ({ role, state, finished }) => {
      const titles = visibleTiles(user(role, finished)).map((tile) => german(tile.titleKey));
      expect(titles).toEqual(EXPECTED_TILES[role][state]);
    },
  );

  it('gives every tile a German description', () => {
    for (const { role, finished } of cases) {
      for (const tile of visibleTiles(user(role, finished))) expect(german(tile.descriptionKey)).toMatch(/\S/);
    }
  });

  it('treats statuses other than VerifiedAndApproved as unfinished registration', () => {
    const titles = visibleTiles({ role: 'Owner', status: 'Verified', associatedEntity: { id: COMPANY_ID } }).map((t) =>
      german(t.titleKey),
    );
    expect(titles).toEqual(['Profilverwaltung', 'eID-Verifizierung']);
  });

  it('links the tiles to their routes, the owner’s licences to the own company', () => {
    const hrefs = Object.fromEntries(visibleTiles(user('Owner', true)).map((tile) => [tile.area, tile.href]));
    expect(hrefs).toEqual({
      profileManagement: '/profile-management',
      employees: '/employees',
      companyManagement: '/company-management',
      identificationProcessReports: '/identification-process-reports',
      licenses: `/license-management/${COMPANY_ID}`,
    });
    const integrator = visibleTiles(user('SystemIntegratorAdmin', true)).find((tile) => tile.area === 'licenses');
    expect(integrator?.href).toBe('/license-management');
    const lumio = Object.fromEntries(visibleTiles(user('LumioAdmin', true)).map((tile) => [tile.area, tile.href]));
    expect(lumio.openApplications).toBe('/open-applications');
    expect(lumio.eidReviews).toBe('/verification-check');
    expect(lumio.companies).toBe('/companies');
    expect(lumio.administration).toBe('/administration');
    expect(visibleTiles(user('SystemAdmin', true)).at(-1)?.href).toBe('/system-integrators');
    expect(visibleTiles(user('Employee', false)).at(-1)?.href).toBe('/verify');
  });

  it('puts the open-applications and open-eID-review badges on the LumioAdmin tiles only', () => {
    const withBadge = cases.flatMap(({ role, finished }) =>
      visibleTiles(user(role, finished))
        .filter((tile) => tile.badge)
        .map((tile) => `${role}:${tile.area}:${tile.badge}`),
    );
    expect(new Set(withBadge)).toEqual(
      new Set(['LumioAdmin:openApplications:openApplicationCount', 'LumioAdmin:eidReviews:openEidReviewCount']),
    );
  });

  it('reads each badge’s count aloud as a German sentence', () => {
    expect(german('app.dashboard.openEidReviewCount')).toBe(
      '%{smart_count} offene eID-Prüfung |||| %{smart_count} offene eID-Prüfungen',
    );
  });
});

describe('header menu', () => {
  it.each(cases)(
    '$role with registration $state sees exactly the menu entries of the spec',
    ({ role, state, finished }) => {
      const labels = visibleMenuEntries(user(role, finished)).map((entry) => german(entry.labelKey));
      expect(labels).toEqual(EXPECTED_MENU[role][state]);
    },
  );

  it('sends the owner’s Lizenzen entry straight to the own company', () => {
    const licenses = visibleMenuEntries(user('Owner', true)).find((entry) => entry.area === 'licenses');
    expect(licenses?.href).toBe(`/license-management/${COMPANY_ID}`);
    expect(visibleMenuEntries(user('Owner', true))[0].href).toBe('/dashboard');
  });
});

describe("the company's 'Offene Anträge' (issue 10)", () => {
  const managers = [user('Owner', true), user('AccountAdministrator', true)];

  it('leads Owner and AccountAdministrator to the pending people on the employees page', () => {
    for (const manager of managers) {
      const entry = visibleMenuEntries(manager).find((e) => e.area === 'openApplications');
      expect(entry?.href).toBe(`/employees#${PENDING_EMPLOYEES_ANCHOR}`);
      expect(entry?.badge).toBe('pendingEmployeeCount');
    }
  });

  it('never leads to a refused page: the employees page opens, the review of studio applications does not', () => {
    for (const manager of managers) {
      expect(canAccess(manager, 'employees', 'list')).toBe(true);
      expect(canAccess(manager, 'employees', 'edit')).toBe(true);
      expect(canAccess(manager, 'open-applications', 'list')).toBe(false);
    }
  });

  it('gives the pending-people badge to no other menu entry or role', () => {
    const withBadge = cases.flatMap(({ role, finished }) =>
      visibleMenuEntries(user(role, finished))
        .filter((entry) => entry.badge)
        .map((entry) => `${role}:${entry.area}`),
    );
    expect(new Set(withBadge)).toEqual(new Set(['Owner:openApplications', 'AccountAdministrator:openApplications']));
  });
});

describe('open-applications count', () => {
  it('is loaded by LumioAdmin only', () => {
    const loaders = cases.filter(({ role, finished }) => shouldLoadOpenApplicationCount(user(role, finished)));
    expect(new Set(loaders.map((c) => c.role))).toEqual(new Set(['LumioAdmin']));
  });
});

describe('canAccess', () => {
  it('lets every role open the dashboard and the profile management', () => {
    for (const { role, finished } of cases) {
      expect(canAccess(user(role, finished), 'dashboard', 'list')).toBe(true);
      expect(canAccess(user(role, finished), 'profile-management', 'list')).toBe(true);
    }
  });

  it('opens an area to whoever is shown its tile or menu entry', () => {
    expect(canAccess(user('LumioAdmin', true), 'open-applications', 'list')).toBe(true); // tile
    expect(canAccess(user('Employee', true), 'open-applications', 'list')).toBe(false);
    expect(canAccess(user('Owner', false), 'employees', 'list')).toBe(false);
    expect(canAccess(user('Owner', true), 'employees', 'list')).toBe(true);
    expect(canAccess(user('Employee', true), 'verify', 'list')).toBe(false);
    expect(canAccess(user('Employee', false), 'verify', 'list')).toBe(true);
    expect(canAccess(user('SystemIntegratorAdmin', true), 'license-management', 'list')).toBe(true);
    expect(canAccess(user('AccountAdministrator', true), 'license-management', 'list')).toBe(false);
  });

  it('lets SystemAdmin, LumioAdmin and SystemIntegratorAdmin read system integrators, only SystemAdmin change them', () => {
    const allowed = (action: string) =>
      ROLES.filter((role) => canAccess(user(role, true), 'system-integrators', action));
    expect(allowed('list')).toEqual(['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin']);
    expect(allowed('show')).toEqual(['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin']);
    expect(allowed('create')).toEqual(['SystemAdmin']);
    expect(allowed('edit')).toEqual(['SystemAdmin']);
    expect(allowed('delete')).toEqual([]);
  });

  it('opens the company page (Firma) to Owner and AccountAdministrator once registration is finished', () => {
    const allowed = (finished: boolean) =>
      ROLES.filter((role) => canAccess(user(role, finished), 'company-management', 'list'));
    expect(allowed(true)).toEqual(['Owner', 'AccountAdministrator']);
    expect(allowed(false)).toEqual([]);
  });

  it('lets only the Owner change the company; Owner and LumioAdmin read its history', () => {
    expect(ROLES.filter((role) => canEditCompany(role))).toEqual(['Owner']);
    expect(ROLES.filter((role) => canSeeCompanyHistory(role))).toEqual(['Owner', 'LumioAdmin']);
  });

  it('opens the eID reviews (verification-check, list and detail) to LumioAdmin only, in any status', () => {
    for (const action of ['list', 'edit', 'show']) {
      for (const finished of [true, false]) {
        expect(ROLES.filter((role) => canAccess(user(role, finished), 'verification-check', action))).toEqual([
          'LumioAdmin',
        ]);
      }
    }
  });

  it('gives the eID reviews no menu entry: only the tile leads there', () => {
    for (const { role, finished } of cases) {
      expect(visibleMenuEntries(user(role, finished)).map((entry) => entry.href)).not.toContain('/verification-check');
    }
  });

  it('lets the eID tile ask to verify only while that is what is missing (issue 25)', () => {
    const verifyText = (overrides: Partial<NavigationUser>) =>
      german(
        visibleTiles({ ...user('Employee', false), ...overrides }).find((tile) => tile.area === 'verify')!
          .descriptionKey,
      );
    const askToVerify = german('app.tiles.verify.description');
    expect(verifyText({ status: 'Unverified' })).toBe(askToVerify);
    expect(verifyText({ role: 'Owner', status: 'Approved', eidReview: null })).toBe(askToVerify);

    // Verified and waiting for the company's release: no prompt to verify, the release is pending.
    const waiting = verifyText({ status: 'Verified' });
    expect(waiting).not.toMatch(/verifizieren/);
    expect(waiting).toMatch(/Ihr Unternehmen muss Ihr Konto noch freigeben/);
    expect(verifyText({ status: 'Verified', eidReview: 'rejected' })).toBe(waiting);

    expect(verifyText({ status: 'Unverified', eidReview: 'open' })).toMatch(/werden manuell geprüft/);
    expect(verifyText({ status: 'Approved', eidReview: 'rejected' })).toMatch(/nicht bestätigt/);
  });

  it('opens verify to company users with unfinished registration, whatever their status', () => {
    const companyUser = (role: Role, status: string): NavigationUser => ({
      role,
      status,
      associatedEntity: { id: COMPANY_ID },
    });
    for (const role of ['Owner', 'AccountAdministrator', 'Employee'] as const) {
      for (const status of ['Unverified', 'Approved', 'Verified']) {
        expect(canAccess(companyUser(role, status), 'verify', 'list')).toBe(true);
      }
      expect(canAccess(companyUser(role, 'VerifiedAndApproved'), 'verify', 'list')).toBe(false);
    }
    for (const role of ['SystemAdmin', 'LumioAdmin', 'SystemIntegratorAdmin'] as const) {
      expect(canAccess(user(role, false), 'verify', 'list')).toBe(false);
    }
  });

  it('refuses unknown resources', () => {
    expect(canAccess(user('SystemAdmin', true), 'secrets', 'list')).toBe(false);
  });

  it('opens the audit log to its readers and the retention runs to the SystemAdmin alone (issue 28)', () => {
    const opensLog = ROLES.flatMap((role) =>
      [false, true]
        .filter((finished) => canAccess(user(role, finished), 'audit-log', 'list'))
        .map((f) => `${role} ${f}`),
    );
    expect(opensLog).toEqual([
      'Owner true',
      'SystemAdmin false',
      'SystemAdmin true',
      'LumioAdmin false',
      'LumioAdmin true',
    ]);
    const readsRuns = ROLES.filter((role) => canAccess(user(role, true), 'retention-runs', 'list'));
    expect(readsRuns).toEqual(['SystemAdmin']);
  });
});
