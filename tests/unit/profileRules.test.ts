import { describe, expect, it } from 'vitest';
import { editableProfileFields, mayEditPersonalData } from '../../src/domain/profile';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '../../src/domain/roles';

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
