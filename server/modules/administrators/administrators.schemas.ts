import { z } from 'zod';
import {
  ADMINISTRATOR_COLUMNS,
  ADMINISTRATOR_NAME_RULES,
  CREATE_ADMINISTRATOR_RULES,
  systemIntegratorProblem,
  type AdministratorRole,
} from '../../../src/domain/administrators';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { ADMINISTRATOR_ROLES } from '../../../src/domain/roles';
import { ruledFields, ruledTextField } from '../../lib/field-schema';
import { uuidParam } from '../../lib/ids';
import { pagedResultSchema, pagingQuerySchema } from '../../lib/paging';

/** Spec section 3: an administrator. */
export const administratorSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(ADMINISTRATOR_ROLES),
    systemIntegratorId: z.uuid().nullable(),
  })
  .meta({ id: 'Administrator', description: 'Konto des Anbieters oder eines System-Integrators mit Rolle' });

export const administratorListQuery = pagingQuerySchema(ADMINISTRATOR_COLUMNS);
export const administratorPage = pagedResultSchema(administratorSchema).meta({
  id: 'AdministratorPage',
  description: 'Eine Seite der Administratoren',
});
export const administratorParams = z.strictObject({ id: uuidParam(SERVER_MESSAGES.invalidAdministratorId) });

/**
 * POST /administrator: the dialog createAdmin's rules (src/domain/administrators.ts). The role is
 * one of the three administrator roles (a company role is 400); the system integrator is required
 * for a SystemIntegratorAdmin and must be null (or absent) for the other roles.
 */
export const createAdministratorBody = z
  .strictObject({
    role: ruledTextField(CREATE_ADMINISTRATOR_RULES.role).transform((role) => role as AdministratorRole),
    firstName: ruledTextField(CREATE_ADMINISTRATOR_RULES.firstName),
    lastName: ruledTextField(CREATE_ADMINISTRATOR_RULES.lastName),
    email: ruledTextField(CREATE_ADMINISTRATOR_RULES.email, { lowerCase: true }),
    systemIntegratorId: z
      .uuid({ error: SERVER_MESSAGES.invalidSystemIntegratorId })
      .transform((id) => id.toLowerCase())
      .nullish()
      .transform((id) => id ?? null),
  })
  .superRefine((body, ctx) => {
    const problem = systemIntegratorProblem(body.role, body.systemIntegratorId);
    if (problem) ctx.addIssue({ code: 'custom', path: ['systemIntegratorId'], message: problem });
  })
  .meta({
    id: 'AdministratorCreate',
    description: 'Administrator anlegen: Rolle, Name, E-Mail, bei SystemIntegratorAdmin der System-Integrator',
  });
export type CreateAdministratorBody = z.infer<typeof createAdministratorBody>;

/** PUT /administrator/{id}: first and last name only (spec section 3). */
export const updateAdministratorBody = z
  .strictObject(ruledFields(ADMINISTRATOR_NAME_RULES))
  .meta({ id: 'AdministratorUpdate', description: 'Administrator ändern: Vor- und Nachname' });
export type UpdateAdministratorBody = z.infer<typeof updateAdministratorBody>;
