import { describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR_VALIDATION_TEXTS as texts,
  canChangeAdministrator,
  canManageAdministrators,
  createAdministratorProblems,
  isCreateAdministratorValid,
  needsSystemIntegrator,
  systemIntegratorProblem,
  withRole,
} from '../../src/domain/administrators';
import { ROLES } from '../../src/domain/roles';
import { VALIDATION_TEXTS } from '../../src/domain/validation';

const valid = {
  role: 'LumioAdmin',
  firstName: 'Vera',
  lastName: 'Verwaltung',
  email: 'vera@lumio.example',
  systemIntegratorId: null,
};
const INTEGRATOR = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('the createAdmin rules (spec sections 4 and 5)', () => {
  it('needs a system integrator for a SystemIntegratorAdmin only', () => {
    expect(ROLES.filter(needsSystemIntegrator)).toEqual(['SystemIntegratorAdmin']);
    expect(systemIntegratorProblem('SystemIntegratorAdmin', null)).toBe(texts.systemIntegratorRequired);
    expect(systemIntegratorProblem('SystemIntegratorAdmin', '')).toBe(texts.systemIntegratorRequired);
    expect(systemIntegratorProblem('SystemIntegratorAdmin', '  ')).toBe(texts.systemIntegratorRequired);
    expect(systemIntegratorProblem('SystemIntegratorAdmin', INTEGRATOR)).toBeNull();
    for (const role of ['SystemAdmin', 'LumioAdmin', '', undefined]) {
      expect(systemIntegratorProblem(role, null)).toBeNull();
      expect(systemIntegratorProblem(role, undefined)).toBeNull();
    }
  });

  it('refuses a system integrator for every other role (it must be null)', () => {
    expect(systemIntegratorProblem('LumioAdmin', INTEGRATOR)).toBe(texts.systemIntegratorNotAllowed);
    expect(systemIntegratorProblem('SystemAdmin', INTEGRATOR)).toBe(texts.systemIntegratorNotAllowed);
  });

  it('clears the system integrator whenever the role changes', () => {
    const integratorAdmin = { ...valid, role: 'SystemIntegratorAdmin', systemIntegratorId: INTEGRATOR };
    expect(withRole(integratorAdmin, 'LumioAdmin')).toEqual({ ...valid, role: 'LumioAdmin', systemIntegratorId: null });
    // Also back to the same role: the choice starts anew.
    expect(withRole(integratorAdmin, 'SystemIntegratorAdmin').systemIntegratorId).toBeNull();
    expect(isCreateAdministratorValid(withRole(integratorAdmin, 'LumioAdmin'))).toBe(true);
    expect(isCreateAdministratorValid(withRole(integratorAdmin, 'SystemIntegratorAdmin'))).toBe(false);
  });

  it('requires role, names and a valid e-mail', () => {
    expect(createAdministratorProblems(valid)).toEqual({});
    expect(createAdministratorProblems({})).toEqual({
      role: VALIDATION_TEXTS.required,
      firstName: VALIDATION_TEXTS.required,
      lastName: VALIDATION_TEXTS.required,
      email: VALIDATION_TEXTS.required,
    });
    expect(createAdministratorProblems({ ...valid, email: 'vera@lumio' })).toEqual({ email: VALIDATION_TEXTS.email });
    expect(createAdministratorProblems({ ...valid, lastName: '   ' })).toEqual({ lastName: VALIDATION_TEXTS.required });
    expect(createAdministratorProblems({ ...valid, firstName: 'x'.repeat(201) })).toEqual({
      firstName: VALIDATION_TEXTS.textTooLong,
    });
  });

  it('allows only the three administrator roles, never a company role', () => {
    for (const role of ['SystemAdmin', 'LumioAdmin']) expect(isCreateAdministratorValid({ ...valid, role })).toBe(true);
    expect(
      isCreateAdministratorValid({ ...valid, role: 'SystemIntegratorAdmin', systemIntegratorId: INTEGRATOR }),
    ).toBe(true);
    for (const role of ['Owner', 'AccountAdministrator', 'Employee', 'Admin']) {
      expect(createAdministratorProblems({ ...valid, role })).toEqual({ role: VALIDATION_TEXTS.option });
    }
  });
});

describe('who changes administrators (spec section 6)', () => {
  it('is SystemAdmin alone', () => {
    expect(ROLES.filter((role) => canManageAdministrators(role))).toEqual(['SystemAdmin']);
    expect(canManageAdministrators(undefined)).toBe(false);
  });

  it('never on the own account', () => {
    const systemAdmin = { id: 'u-1', role: 'SystemAdmin' as const };
    expect(canChangeAdministrator(systemAdmin, { id: 'u-2' })).toBe(true);
    expect(canChangeAdministrator(systemAdmin, { id: 'u-1' })).toBe(false);
    expect(canChangeAdministrator({ id: 'u-3', role: 'LumioAdmin' }, { id: 'u-2' })).toBe(false);
  });
});
