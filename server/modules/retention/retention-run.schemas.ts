import { z } from 'zod';
import { RETENTION_CATEGORIES, RETENTION_RUN_STATUSES, type RetentionRunView } from '../../../src/domain/retention';
import { historyQuery } from '../audit/audit.schemas';

/** GET /api/retention-run: paged like every list. */
export const retentionRunQuery = historyQuery;

const categoryCount = z.object({
  category: z.enum(RETENTION_CATEGORIES),
  checked: z.number().int(),
  deleted: z.number().int(),
  anonymised: z.number().int(),
});

export const retentionRun = z
  .object({
    id: z.uuid(),
    startedAt: z.string().meta({ format: 'date-time' }),
    finishedAt: z.string().meta({ format: 'date-time' }).nullable(),
    status: z.enum(RETENTION_RUN_STATUSES),
    categories: z.array(categoryCount),
  })
  .meta({
    id: 'RetentionRun',
    description:
      'Ein Löschlauf: Beginn, Ende, Zustand (ein hängengebliebener Lauf gilt als abgebrochen) und je Kategorie geprüfte, gelöschte und anonymisierte Zeilen',
  }) satisfies z.ZodType<RetentionRunView>;

export const retentionRunPage = z
  .object({
    pageIndex: z.number(),
    pageSize: z.number(),
    totalItemCount: z.number(),
    items: z.array(retentionRun),
  })
  .meta({ id: 'RetentionRunPage', description: 'Eine Seite der Löschläufe, neueste zuerst' });
