import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../src/domain/paging';

/** The paging of a history (newest first, no sorting or search of its own). */
export const historyQuery = z.strictObject({
  pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** One audit row as a history shows it (audit.repository.ts AuditEntryView). */
export const historyEntry = z
  .object({
    id: z.uuid(),
    // audit.repository.ts sends the timestamp's toISOString().
    at: z.iso.datetime(),
    actor: z.object({ name: z.string(), role: z.string().nullable() }).nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.uuid(),
    subject: z.string().nullable(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'HistoryEntry', description: 'Ein Eintrag des Verlaufs: wer wann was geändert hat' });

/** A page of a company's or a person's history. */
export const historyPage = z
  .object({
    pageIndex: z.number(),
    pageSize: z.number(),
    totalItemCount: z.number(),
    items: z.array(historyEntry),
  })
  .meta({ id: 'HistoryPage', description: 'Eine Seite eines Verlaufs, neueste Einträge zuerst' });
