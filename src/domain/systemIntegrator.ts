import { z } from 'zod';
import { hasControlCharacters, VALIDATION_TEXTS } from './validation';

/**
 * System integrator rules shared by the form and the API route: the limits, the German messages
 * and the payload schemas exist once. The messages are German because the server sends them back
 * unchanged in a VALIDATION_FAILED body, where the error dialog shows them to the user.
 */
export const SYSTEM_INTEGRATOR_NAME_MAX_LENGTH = 200;
export const SYSTEM_INTEGRATOR_CODE_MAX_LENGTH = 50;
/** ASCII only: the code ("Kennung") identifies the integrator in licences and machine interfaces. */
export const SYSTEM_INTEGRATOR_CODE_PATTERN = /^[A-Za-z0-9_-]*$/;

export const SYSTEM_INTEGRATOR_VALIDATION_TEXTS = {
  nameRequired: 'Bitte geben Sie einen Namen ein.',
  nameTooLong: `Der Name darf höchstens ${SYSTEM_INTEGRATOR_NAME_MAX_LENGTH} Zeichen lang sein.`,
  codeRequired: 'Bitte geben Sie eine Kennung ein.',
  codeTooLong: `Die Kennung darf höchstens ${SYSTEM_INTEGRATOR_CODE_MAX_LENGTH} Zeichen lang sein.`,
  codeInvalid: 'Die Kennung darf nur die Buchstaben A–Z, Ziffern, „-“ und „_“ enthalten.',
} as const;

const texts = SYSTEM_INTEGRATOR_VALIDATION_TEXTS;

/** The shared control-character rule of validation.ts; `abort` keeps it the only message. */
const noControlCharacters = [
  (value: string) => !hasControlCharacters(value),
  { message: VALIDATION_TEXTS.controlCharacters, abort: true },
] as const;

export const systemIntegratorNameSchema = z
  .string({ error: texts.nameRequired })
  .trim()
  .refine(...noControlCharacters)
  .min(1, texts.nameRequired)
  .max(SYSTEM_INTEGRATOR_NAME_MAX_LENGTH, texts.nameTooLong);

export const systemIntegratorCodeSchema = z
  .string({ error: texts.codeRequired })
  .trim()
  .refine(...noControlCharacters)
  .min(1, texts.codeRequired)
  .max(SYSTEM_INTEGRATOR_CODE_MAX_LENGTH, texts.codeTooLong)
  .regex(SYSTEM_INTEGRATOR_CODE_PATTERN, texts.codeInvalid);

/** POST /api/system-integrator */
export const systemIntegratorCreateSchema = z.strictObject({
  name: systemIntegratorNameSchema,
  code: systemIntegratorCodeSchema,
});

/** PUT /api/system-integrator/{id}: the code is fixed once created, only the name changes. */
export const systemIntegratorUpdateSchema = z.strictObject({
  name: systemIntegratorNameSchema,
});

export type SystemIntegratorCreatePayload = z.infer<typeof systemIntegratorCreateSchema>;
export type SystemIntegratorUpdatePayload = z.infer<typeof systemIntegratorUpdateSchema>;

export interface SystemIntegrator {
  id: string;
  name: string;
  code: string;
}

/** Spec section 6: create and edit only by SystemAdmin (in a module without zod, for the list). */
export { canManageSystemIntegrators, SYSTEM_INTEGRATOR_MANAGER_ROLES } from './systemIntegratorAccess';
