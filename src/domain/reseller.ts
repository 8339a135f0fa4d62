import { z } from 'zod';
import type { Role } from './roles';
import { singleLineTextSchema } from './singleLineText';

/**
 * Reseller rules shared by the dialog createEditReseller and the API routes (spec section 5:
 * "Reseller: name required"). The messages are German because the server sends them back
 * unchanged in a VALIDATION_FAILED body, where the error dialog shows them.
 */
export const RESELLER_NAME_MAX_LENGTH = 200;

export const RESELLER_VALIDATION_TEXTS = {
  nameRequired: 'Bitte geben Sie einen Namen ein.',
  nameTooLong: `Der Name darf höchstens ${RESELLER_NAME_MAX_LENGTH} Zeichen lang sein.`,
} as const;

const texts = RESELLER_VALIDATION_TEXTS;

export const resellerNameSchema = singleLineTextSchema(RESELLER_NAME_MAX_LENGTH, {
  required: texts.nameRequired,
  tooLong: texts.nameTooLong,
});

/** POST /api/system-integrator/{id}/reseller and PUT …/reseller/{resellerId}: the name alone. */
export const resellerPayloadSchema = z.strictObject({ name: resellerNameSchema });
export type ResellerPayload = z.infer<typeof resellerPayloadSchema>;

/** Spec section 3: "Reseller: id, name." */
export interface Reseller {
  id: string;
  name: string;
}

/** Spec section 2: the route reseller (create, rename, delete) is the SystemIntegratorAdmin's. */
export const RESELLER_MANAGER_ROLES = ['SystemIntegratorAdmin'] as const satisfies readonly Role[];

export function canManageResellers(role: Role | undefined): boolean {
  return role !== undefined && (RESELLER_MANAGER_ROLES as readonly Role[]).includes(role);
}
