import { z } from 'zod';
import { ASSIGNABLE_ROLES, EMPLOYEE_COLUMNS, EMPLOYEE_DECISIONS } from '../../../src/domain/employees';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ROLES, USER_STATUSES } from '../../../src/domain/roles';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

/** A person of the company as the employee list and detail show them (spec "Employees"). */
export const employeeSchema = z
  .object({
    id: z.uuid(),
    salutation: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** yyyy-MM-dd (users.birth_date, a date column in Drizzle's string mode) */
    birthDate: z.iso.date().nullable(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
  })
  .meta({ id: 'Employee', description: 'Person einer Firma mit Rolle und Status' });
export type Employee = z.infer<typeof employeeSchema>;

/** GET …/user: the paging query, and `toApprove=true` for 'Zu prüfende Mitarbeitende' only. */
export const employeeListQuery = pagingQuerySchema(EMPLOYEE_COLUMNS).extend({
  toApprove: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export const employeePage = pagedResultSchema(employeeSchema).meta({
  id: 'EmployeePage',
  description: 'Eine Seite der Mitarbeitenden einer Firma',
});

export const companyUserListParams = z.strictObject({ companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId) });
export const companyUserParams = z.strictObject({
  companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  userId: uuidParam(SERVER_MESSAGES.invalidUserId),
});

/** PUT …/role: only the roles a company can give; nobody becomes Owner. */
export const roleBody = z
  .strictObject({ role: z.enum(ASSIGNABLE_ROLES) })
  .meta({ id: 'EmployeeRoleChange', description: 'Neue Rolle einer Person der Firma' });
/** PUT …/status: the company's decision about a pending person. */
export const statusBody = z
  .strictObject({ status: z.enum(EMPLOYEE_DECISIONS) })
  .meta({ id: 'EmployeeDecision', description: 'Entscheidung über eine zu prüfende Person: freigeben oder ablehnen' });
