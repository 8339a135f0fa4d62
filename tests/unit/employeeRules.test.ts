import { describe, expect, it } from 'vitest';
import {
  canManageEmployee,
  employeeRowActions,
  isAssignableRole,
  selectableRoles,
  type EmployeeRowActions,
} from '../../src/domain/employees';
import { roleLabel, ROLES, USER_STATUSES, type Role, type UserStatus } from '../../src/domain/roles';

const viewer = (role: Role) => ({ id: 'viewer', role });
const target = (role: Role, status: UserStatus, id = 'target') => ({ id, role, status });

const NONE: EmployeeRowActions = { approve: false, reject: false, delete: false };
const REVIEW: EmployeeRowActions = { approve: true, reject: true, delete: false };
const DELETE: EmployeeRowActions = { approve: false, reject: false, delete: true };

describe('the actions an employee row offers', () => {
  for (const viewerRole of ['Owner', 'AccountAdministrator'] as const) {
    for (const targetRole of ['AccountAdministrator', 'Employee'] as const) {
      for (const status of USER_STATUSES) {
        const expected = status === 'Unverified' || status === 'Verified' ? REVIEW : DELETE;
        it(`${viewerRole} sees ${JSON.stringify(expected)} on a ${status} ${targetRole}`, () => {
          expect(employeeRowActions(viewer(viewerRole), target(targetRole, status))).toEqual(expected);
        });
      }
    }
    for (const status of USER_STATUSES) {
      it(`${viewerRole} sees no action on an owner (${status}) nor on their own row`, () => {
        expect(employeeRowActions(viewer(viewerRole), target('Owner', status))).toEqual(NONE);
        expect(employeeRowActions(viewer(viewerRole), target(viewerRole, status, 'viewer'))).toEqual(NONE);
      });
    }
  }

  for (const viewerRole of ROLES.filter((role) => role !== 'Owner' && role !== 'AccountAdministrator')) {
    it(`${viewerRole} manages nobody`, () => {
      for (const status of USER_STATUSES) {
        expect(employeeRowActions(viewer(viewerRole), target('Employee', status))).toEqual(NONE);
      }
      expect(canManageEmployee(viewer(viewerRole), target('Employee', 'Approved'))).toBe(false);
    });
  }
});

describe('roles on the employee detail', () => {
  it('can be AccountAdministrator or Employee, never Owner or an administrator role', () => {
    expect(ROLES.filter(isAssignableRole)).toEqual(['AccountAdministrator', 'Employee']);
  });

  it('offer the Owner option only on a read-only form', () => {
    expect(selectableRoles(true)).toEqual(['AccountAdministrator', 'Employee']);
    expect(selectableRoles(false)).toEqual(['AccountAdministrator', 'Employee', 'Owner']);
  });

  it('are labelled by the salutation’s gender', () => {
    const labels = (role: Role) => ['Herr', 'Frau', 'Divers', 'Keine Anrede', null].map((s) => roleLabel(role, s));
    expect(labels('Owner')).toEqual(['Eigentümer', 'Eigentümerin', 'Eigentümer*in', 'Eigentümer*in', 'Eigentümer*in']);
    expect(labels('AccountAdministrator')).toEqual([
      'Konto-Administrator',
      'Konto-Administratorin',
      'Konto-Administrator*in',
      'Konto-Administrator*in',
      'Konto-Administrator*in',
    ]);
    expect(labels('Employee')).toEqual([
      'Mitarbeiter',
      'Mitarbeiterin',
      'Mitarbeiter*in',
      'Mitarbeiter*in',
      'Mitarbeiter*in',
    ]);
  });
});
