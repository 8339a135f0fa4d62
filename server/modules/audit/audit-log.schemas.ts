import { z } from 'zod';
import { auditLogFilterFields, auditLogPeriodRule } from '../../../src/domain/auditLog';
import { historyEntry, historyQuery } from './audit.schemas';

/** GET /api/audit: the history's paging and the log's filters. */
export const auditLogQuery = z
  .strictObject({ ...historyQuery.shape, ...auditLogFilterFields })
  .refine(...auditLogPeriodRule);

/** GET /api/audit/csv: the log's filters, no paging (the file has every matching row). */
export const auditLogCsvQuery = z.strictObject(auditLogFilterFields).refine(...auditLogPeriodRule);

export const auditLogEntry = historyEntry
  .extend({
    actorId: z.uuid().nullable(),
    companyId: z.uuid().nullable(),
    companyName: z.string().nullable(),
  })
  .meta({ id: 'AuditLogEntry', description: 'Eine Zeile des Protokolls: wann, wer, was, woran, welche Firma' });

export const auditLogPage = z
  .object({
    pageIndex: z.number(),
    pageSize: z.number(),
    totalItemCount: z.number(),
    items: z.array(auditLogEntry),
  })
  .meta({ id: 'AuditLogPage', description: 'Eine Seite des Protokolls, neueste Einträge zuerst' });
