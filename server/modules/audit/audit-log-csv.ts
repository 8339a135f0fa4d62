import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';
import { AUDIT_ACTION_TEXTS, type AuditAction } from '../../../src/domain/auditActions';
import { API_CLIENT_AUDIT_ROLE } from '../../../src/domain/apiClientAudit';
import type { AuditLogFilter } from '../../../src/domain/auditLog';
import { PORTAL_CSV_OPTIONS } from '../../../src/domain/csvFormat';
import { isRole, roleLabel, type Role } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { germanTimeFormatter } from '../reports/german-time';
import { auditRepository, type AuditLogEntry } from './audit.repository';

export const AUDIT_LOG_CSV_COLUMNS = [
  'Zeitpunkt',
  'Handelnde Person',
  'Rolle',
  'Aktion',
  'Betreff',
  'Firma',
  'Art des Datensatzes',
  'Datensatz-ID',
] as const;

/** Rows per query of the export: small enough to keep memory flat, large enough to keep queries few. */
export const AUDIT_LOG_CSV_BATCH = 1_000;

const PORTAL_ACTOR = 'Lumio (automatisch)';
const API_CLIENT_ROLE = 'API-Zugang';

function roleText(role: string | null): string {
  if (role === API_CLIENT_AUDIT_ROLE) return API_CLIENT_ROLE;
  return role && isRole(role) ? roleLabel(role as Role, null) : '';
}

function cells(entry: AuditLogEntry, time: ReturnType<typeof germanTimeFormatter>): string[] {
  return [
    time.format(Math.floor(Date.parse(entry.at) / 1000)),
    entry.actor ? entry.actor.name : PORTAL_ACTOR,
    entry.actor ? roleText(entry.actor.role) : '',
    AUDIT_ACTION_TEXTS[entry.action as AuditAction] ?? entry.action,
    entry.subject ?? '',
    entry.companyName ?? '',
    entry.entityType,
    entry.entityId,
  ];
}

/**
 * The audit log as CSV (issue 28, part 4), with the options of the portal's other exports (UTF-8
 * with BOM, semicolons, CRLF, csv-stringify's formula guard: a name typed as "=…" stays text),
 * written while it is read: batch after batch of AUDIT_LOG_CSV_BATCH rows, waiting whenever the
 * client reads slower than the database answers. Returns the stream the route sends.
 */
export function auditLogCsv(
  db: DbOrTx,
  filter: AuditLogFilter,
  reader: Role,
  log: { error(obj: object, msg: string): void },
): Stringifier {
  const out = stringify(PORTAL_CSV_OPTIONS);
  const time = germanTimeFormatter();
  const repo = auditRepository(db);
  void (async () => {
    out.write([...AUDIT_LOG_CSV_COLUMNS]);
    let after: string | undefined;
    for (;;) {
      const batch = await repo.logBatch(filter, after, AUDIT_LOG_CSV_BATCH, reader);
      for (const entry of batch) {
        // A client gone away closes the stream: no more reading for nobody.
        if (!out.write(cells(entry, time))) await Promise.race([once(out, 'drain'), once(out, 'close')]);
        if (out.destroyed) return;
      }
      if (batch.length < AUDIT_LOG_CSV_BATCH) break;
      after = batch[batch.length - 1].id;
    }
    out.end();
  })().catch((err: unknown) => {
    // The answer has begun: the client sees a cut file, the log says why.
    log.error({ err }, 'audit log export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
