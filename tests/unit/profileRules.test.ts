import { describe, expect, it } from 'vitest';
import {
  changedEmail,
  changedPersonalData,
  isProfileValid,
  profileFieldError,
  profileValuesOf,
} from '../../src/customRoutes/profile/profileValues';
import { emailChangeKind } from '../../src/domain/emailChange';
import {
  editableProfileFields,
  mayEditPersonalData,
  profileHasPersonalDetails,
  profileShowsSystemIntegrator,
} from '../../src/domain/profile';
import { roleLabel, ROLES, USER_STATUSES, type Role, type UserStatus } from '../../src/domain/roles';
import type { Self } from '../../src/domain/self';
import { VALIDATION_TEXTS } from '../../src/domain/validation';

/** Spec section 4, written out for every role × status: who may change their own personal data. */
const PERSONAL_DATA_EDITABLE: Array<[Role, UserStatus]> = [
  ['Employee', 'Unverified'],
  ['AccountAdministrator', 'Unverified'],
];

describe('which profile fields a user may change', () => {
  for (const role of ROLES) {
    for (const status of USER_STATUSES) {
      const expected = PERSONAL_DATA_EDITABLE.some(([r, s]) => r === role && s === status);
      it(`${role} in ${status}: ${expected ? 'personal data and e-mail' : 'only the e-mail'}`, () => {
        expect(mayEditPersonalData(role, status)).toBe(expected);
        expect(editableProfileFields(role, status)).toEqual(
          expected ? ['salutation', 'firstName', 'lastName', 'birthDate', 'email'] : ['email'],
        );
      });
    }
  }
});

describe('what the profile page shows besides the editable fields', () => {
  it('gives salutation and birth date to company users only', () => {
    expect(ROLES.filter(profileHasPersonalDetails)).toEqual(['Owner', 'AccountAdministrator', 'Employee']);
  });

  it('names the system integrator only for SystemIntegratorAdmin', () => {
    expect(ROLES.filter(profileShowsSystemIntegrator)).toEqual(['SystemIntegratorAdmin']);
  });

  it('lets company users change their e-mail as users and the admin roles as administrators', () => {
    expect(Object.fromEntries(ROLES.map((role) => [role, emailChangeKind(role)]))).toEqual({
      Owner: 'user',
      AccountAdministrator: 'user',
      Employee: 'user',
      SystemAdmin: 'administrator',
      LumioAdmin: 'administrator',
      SystemIntegratorAdmin: 'administrator',
    });
  });
});

describe('role labels by salutation (spec section 6)', () => {
  it.each([
    ['Owner', 'Herr', 'Eigentümer'],
    ['Owner', 'Frau', 'Eigentümerin'],
    ['Owner', 'Divers', 'Eigentümer*in'],
    ['Owner', 'Keine Anrede', 'Eigentümer*in'],
    ['AccountAdministrator', 'Herr', 'Konto-Administrator'],
    ['AccountAdministrator', 'Frau', 'Konto-Administratorin'],
    ['AccountAdministrator', null, 'Konto-Administrator*in'],
    ['Employee', 'Herr', 'Mitarbeiter'],
    ['Employee', 'Frau', 'Mitarbeiterin'],
    ['Employee', 'Divers', 'Mitarbeiter*in'],
    ['LumioAdmin', null, 'Lumio-Admin'],
    ['SystemAdmin', null, 'System-Admin'],
    ['SystemIntegratorAdmin', null, 'System-Integrator-Admin'],
  ] as const)('%s with salutation %s reads %s', (role, salutation, label) => {
    expect(roleLabel(role, salutation)).toBe(label);
  });
});

describe('the profile form values', () => {
  const self: Self = {
    id: 'u1',
    firstName: 'Lea',
    lastName: 'Neumann',
    salutation: 'Frau',
    email: 'lea@studio.example',
    birthDate: '1995-06-30',
    role: 'Employee',
    status: 'Unverified',
    associatedEntity: { id: 'c1' },
  };
  const loaded = profileValuesOf(self);
  const editable = editableProfileFields(self.role, self.status);

  it('shows the birth date the German way', () => {
    expect(loaded.birthDate).toBe('30.06.1995');
  });

  it('checks each field by the rules the server applies', () => {
    expect(profileFieldError('email', 'kein-at')).toBe(VALIDATION_TEXTS.email);
    expect(profileFieldError('birthDate', '31.02.1995')).toBe(VALIDATION_TEXTS.birthDate);
    expect(profileFieldError('birthDate', '')).toBe(VALIDATION_TEXTS.required);
    expect(profileFieldError('firstName', 'x'.repeat(201))).toBe(VALIDATION_TEXTS.textTooLong);
    expect(isProfileValid(loaded, editable)).toBe(true);
    expect(isProfileValid({ ...loaded, lastName: ' ' }, editable)).toBe(false);
    // A field the user may not change does not keep the form from being saved.
    expect(isProfileValid({ ...loaded, lastName: '' }, ['email'])).toBe(true);
  });

  it('sends the personal data (ISO birth date) only when some of it changed', () => {
    expect(changedPersonalData(loaded, loaded, editable)).toBeNull();
    expect(changedPersonalData({ ...loaded, firstName: ' Leonie ' }, loaded, editable)).toEqual({
      salutation: 'Frau',
      firstName: 'Leonie',
      lastName: 'Neumann',
      birthDate: '1995-06-30',
    });
    expect(changedPersonalData({ ...loaded, firstName: 'Leonie' }, loaded, ['email'])).toBeNull();
  });

  it('asks for an e-mail change only for another address, whatever its case', () => {
    expect(changedEmail({ ...loaded, email: 'LEA@studio.example' }, loaded)).toBeNull();
    expect(changedEmail({ ...loaded, email: ' neu@studio.example ' }, loaded)).toBe('neu@studio.example');
  });
});
