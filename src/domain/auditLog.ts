import { z } from 'zod';
import { fromIsoDate, isPortalDate, PORTAL_CALENDAR_TEXTS } from './dates';
import { AUDIT_ACTIONS } from './auditActions';
import type { Role } from './roles';

/**
 * The audit log as a list (issue 28, part 4): who reads it and the filters of GET /api/audit.
 * The actions and their German words are in auditActions.ts (without zod, for the catalogue).
 */
/** Who reads the audit log: the provider's administrators every row, an Owner their company's. */
export const AUDIT_LOG_READERS = ['LumioAdmin', 'SystemAdmin', 'Owner'] as const satisfies readonly Role[];

export const AUDIT_LOG_TEXTS = {
  dateInvalid: 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).',
  periodReversed: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  actionUnknown: 'Diese Aktion gibt es im Protokoll nicht.',
  actorInvalid: 'Die ID der handelnden Person ist ungültig.',
  companyInvalid: 'Die Firmen-ID ist ungültig.',
} as const;

const day = z
  .string()
  .refine((value) => fromIsoDate(value) !== null, AUDIT_LOG_TEXTS.dateInvalid)
  .refine((value) => fromIsoDate(value) === null || isPortalDate(value), PORTAL_CALENDAR_TEXTS.dateOutOfRange);

/** The filters of the audit log, every one optional; days are Germany's calendar days. */
export const auditLogFilterFields = {
  from: day.optional(),
  to: day.optional(),
  actorId: z.uuid(AUDIT_LOG_TEXTS.actorInvalid).optional(),
  companyId: z.uuid(AUDIT_LOG_TEXTS.companyInvalid).optional(),
  action: z.enum(AUDIT_ACTIONS, AUDIT_LOG_TEXTS.actionUnknown).optional(),
};

/** The period's rule, for a schema with the filter fields: the end not before the start. */
export const auditLogPeriodRule: [(f: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] =
  [(f) => !f.from || !f.to || f.from <= f.to, { message: AUDIT_LOG_TEXTS.periodReversed, path: ['to'] }];

export const auditLogFilterSchema = z.strictObject(auditLogFilterFields).refine(...auditLogPeriodRule);
export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;
