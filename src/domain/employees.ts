import type { Role, UserStatus } from './roles';
import { isPendingApproval, nextStatus, type UserStatusEvent } from './userStatus';

/**
 * Who may do what to a company's users (spec sections 2 "Employees", "Employee detail" and 6):
 * the screens show exactly these actions, the server refuses everything else.
 */

/** The employee list's columns in the spec's order ("Employees"); each one sorts the list. */
export const EMPLOYEE_COLUMNS = [
  'salutation',
  'firstName',
  'lastName',
  'email',
  'birthDate',
  'role',
  'status',
] as const;

/** The signed-in user looking at the employees of their own company. */
export interface EmployeeViewer {
  id: string;
  role: Role;
}

/** A user of the same company, as the employee list shows them. */
export interface EmployeeTarget {
  id: string;
  role: Role;
  status: UserStatus;
}

export interface EmployeeRowActions {
  approve: boolean;
  reject: boolean;
  delete: boolean;
}

const NONE: EmployeeRowActions = { approve: false, reject: false, delete: false };

/** Owner and AccountAdministrator manage the company's people; nobody else does. */
export function managesEmployees(role: Role): boolean {
  return role === 'Owner' || role === 'AccountAdministrator';
}

/**
 * Whether the viewer may change the target at all: never themselves, never an owner (neither an
 * AccountAdministrator nor another owner can remove or demote the one who holds the company).
 */
export function canManageEmployee(viewer: EmployeeViewer, target: Pick<EmployeeTarget, 'id' | 'role'>): boolean {
  return managesEmployees(viewer.role) && viewer.id !== target.id && target.role !== 'Owner';
}

/**
 * The row's actions: a pending person ('Zu prüfende Mitarbeitende') can be approved ('Freigeben')
 * or rejected ('Ablehnen'); anyone else can be deleted ('Löschen'); the viewer's own row and
 * owners' rows have none.
 */
export function employeeRowActions(viewer: EmployeeViewer, target: EmployeeTarget): EmployeeRowActions {
  if (!canManageEmployee(viewer, target)) return NONE;
  if (isPendingApproval(target.status)) {
    return {
      approve: nextStatus(target.status, 'companyApproves') !== null,
      reject: nextStatus(target.status, 'companyRejects') !== null,
      delete: false,
    };
  }
  return { approve: false, reject: false, delete: true };
}

/** The roles the company can give (spec: "Selectable roles: AccountAdministrator and Employee"). Nobody can be made Owner. */
export const ASSIGNABLE_ROLES = ['AccountAdministrator', 'Employee'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function isAssignableRole(role: unknown): role is AssignableRole {
  return typeof role === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

/**
 * The roles the detail page's select offers: the assignable ones, plus Owner only when the form is
 * read-only (to show an owner's role; it can never be chosen).
 */
export function selectableRoles(editable: boolean): readonly Role[] {
  return editable ? ASSIGNABLE_ROLES : [...ASSIGNABLE_ROLES, 'Owner'];
}

/** The company's two decisions about a pending person (PUT …/user/{userId}/status, spec section 7). */
export const EMPLOYEE_DECISIONS = ['Approved', 'Rejected'] as const satisfies readonly UserStatus[];
export type EmployeeDecision = (typeof EMPLOYEE_DECISIONS)[number];

/** Which event of the status machine a decision is: 'Freigeben' or 'Ablehnen'. */
export const DECISION_EVENTS: Record<EmployeeDecision, UserStatusEvent> = {
  Approved: 'companyApproves',
  Rejected: 'companyRejects',
};
