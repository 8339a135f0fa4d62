/**
 * The administrator accounts of route administration (spec sections 2 "Administration", 5 and 6):
 * who they are, who may change them, and the rules of the dialog createAdmin. The dialog and the
 * server's schema both read this file, so a rule exists once.
 */
import { APPLICATION_FIELD_RULES } from './companyApplication';
import { EMAIL_RULES } from './profile';
import { ADMINISTRATOR_ROLES, type Role } from './roles';
import { firstError, oneOf, required, type Validator } from './validation';

export type AdministratorRole = (typeof ADMINISTRATOR_ROLES)[number];

/** The table's columns in the spec's order; each one sorts the list (GET /administrator?orderBy=…). */
export const ADMINISTRATOR_COLUMNS = ['firstName', 'lastName', 'email', 'role'] as const;
export type AdministratorColumn = (typeof ADMINISTRATOR_COLUMNS)[number];

/** Spec section 3: an administrator as GET /administrator and /administrator/{id} answer. */
export interface Administrator {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: AdministratorRole;
  /** Only a SystemIntegratorAdmin belongs to a system integrator. */
  systemIntegratorId: string | null;
}

/** POST /administrator: everything but the id (spec section 3). */
export interface CreateAdministratorPayload {
  role: AdministratorRole;
  firstName: string;
  lastName: string;
  email: string;
  systemIntegratorId: string | null;
}

/** PUT /administrator/{id}: the names only (spec section 3). */
export interface UpdateAdministratorPayload {
  firstName: string;
  lastName: string;
}

export const ADMINISTRATOR_VALIDATION_TEXTS = {
  systemIntegratorRequired: 'Bitte wählen Sie einen System-Integrator aus.',
  systemIntegratorNotAllowed: 'Nur ein System-Integrator-Admin gehört zu einem System-Integrator.',
} as const;

/** The names: the registration's rules (required, no control characters, at most 200 characters). */
export const ADMINISTRATOR_NAME_RULES: Record<keyof UpdateAdministratorPayload, Validator[]> = {
  firstName: APPLICATION_FIELD_RULES.firstName,
  lastName: APPLICATION_FIELD_RULES.lastName,
};

/**
 * Spec section 5, "Administrator creation": role, first name, last name and e-mail are required,
 * the e-mail valid. Only the three administrator roles can be chosen: a company role is refused.
 */
export const CREATE_ADMINISTRATOR_RULES: Record<
  Exclude<keyof CreateAdministratorPayload, 'systemIntegratorId'>,
  Validator[]
> = {
  role: [required, oneOf(ADMINISTRATOR_ROLES)],
  ...ADMINISTRATOR_NAME_RULES,
  email: EMAIL_RULES,
};

/** Only a SystemIntegratorAdmin needs (and has) a system integrator. */
export function needsSystemIntegrator(role: unknown): boolean {
  return role === 'SystemIntegratorAdmin';
}

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The system integrator's rule, which depends on the role: required for SystemIntegratorAdmin,
 * and absent (null) for every other role. Null when the pair is fine, else the German message.
 */
export function systemIntegratorProblem(role: unknown, systemIntegratorId: unknown): string | null {
  if (needsSystemIntegrator(role)) {
    return isBlank(systemIntegratorId) ? ADMINISTRATOR_VALIDATION_TEXTS.systemIntegratorRequired : null;
  }
  return isBlank(systemIntegratorId) ? null : ADMINISTRATOR_VALIDATION_TEXTS.systemIntegratorNotAllowed;
}

/** The form's values after the role changed: the system integrator is cleared (spec section 4). */
export function withRole<V extends { systemIntegratorId?: unknown }>(
  values: V,
  role: unknown,
): Omit<V, 'role' | 'systemIntegratorId'> & { role: unknown; systemIntegratorId: null } {
  return { ...values, role, systemIntegratorId: null };
}

/** Every problem of the createAdmin form, by field; empty when 'Erstellen' may be pressed. */
export function createAdministratorProblems(
  values: Partial<Record<keyof CreateAdministratorPayload, unknown>>,
): Partial<Record<keyof CreateAdministratorPayload, string>> {
  const problems: Partial<Record<keyof CreateAdministratorPayload, string>> = {};
  for (const field of Object.keys(CREATE_ADMINISTRATOR_RULES) as (keyof typeof CREATE_ADMINISTRATOR_RULES)[]) {
    const message = firstError(values[field] ?? '', ...CREATE_ADMINISTRATOR_RULES[field]);
    if (message) problems[field] = message;
  }
  const integrator = systemIntegratorProblem(values.role, values.systemIntegratorId);
  if (integrator) problems.systemIntegratorId = integrator;
  return problems;
}

export function isCreateAdministratorValid(
  values: Partial<Record<keyof CreateAdministratorPayload, unknown>>,
): boolean {
  return Object.keys(createAdministratorProblems(values)).length === 0;
}

/** Spec section 6: only SystemAdmin creates, deletes (and renames) administrators. */
export function canManageAdministrators(role: Role | undefined): boolean {
  return role === 'SystemAdmin';
}

/** The signed-in user and a row of the list: never one's own row (spec section 6, "not itself"). */
export function canChangeAdministrator(
  viewer: { id: string; role: Role | undefined },
  target: { id: string },
): boolean {
  return canManageAdministrators(viewer.role) && viewer.id !== target.id;
}
