import { addDays } from 'date-fns/addDays';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuditLogFilter } from '../../../src/domain/auditLog';
import { fromIsoDate, toIsoDate } from '../../../src/domain/dates';
import { companies } from '../companies/companies.table';
import { users } from '../users/users.table';
import type { Role } from '../../../src/domain/roles';
import { changesFor, changesOf, type AuditChange } from './audit';
import { auditEvents } from './audit.table';

export interface AuditEntryView {
  id: string;
  at: string;
  /** The acting user's current name, else the e-mail recorded at the time; null for the portal. */
  actor: { name: string; role: string | null } | null;
  action: string;
  entityType: string;
  entityId: string;
  /**
   * The name of what the row is about as it was recorded (the studio's or company's name, the
   * applied company's name), so "Adresse geändert" can say which studio even when the name itself
   * did not change; null when the row records none.
   */
  subject: string | null;
  changes: AuditChange[];
}

/** A row of the audit log (GET /api/audit): the history's view, and whose and which company's it is. */
export interface AuditLogEntry extends AuditEntryView {
  actorId: string | null;
  companyId: string | null;
  /** The company's current name; null for a row without company or of a deleted company. */
  companyName: string | null;
}

/** A recorded person's name ('firstName lastName'), or null when the state records none. */
function personName(state: Record<string, unknown> | null): string | null {
  const parts = [state?.firstName, state?.lastName].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' ') : null;
}

/** The first of the recorded names, the newer state first: a studio's or company's, or a person's. */
function subjectOf(...states: (Record<string, unknown> | null)[]): string | null {
  for (const state of states) {
    for (const key of ['name', 'companyName']) {
      const value = state?.[key];
      if (typeof value === 'string' && value !== '') return value;
    }
    const person = personName(state);
    if (person) return person;
  }
  return null;
}

type Page = { pageIndex: number; pageSize: number };

/** The calendar day after "yyyy-MM-dd" (a Berlin day may have 23 or 25 hours: never add 24 of them). */
const dayAfter = (isoDate: string) => toIsoDate(addDays(fromIsoDate(isoDate)!, 1));

/** Who reads the history: some recorded fields are LumioAdmin's alone (audit.ts); unknown hides them. */
type Reader = Role | undefined;

/** What a row of the log reads: the audit row, the actor's current name, the company's current name. */
const logColumns = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  actorRole: auditEvents.actorRole,
  firstName: users.firstName,
  lastName: users.lastName,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  before: auditEvents.before,
  after: auditEvents.after,
  companyId: auditEvents.companyId,
  companyName: companies.name,
};

/** A row of logColumns (the joined names are null when the actor or company is gone). */
interface LogRow {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  firstName: string | null;
  lastName: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  companyId: string | null;
  companyName: string | null;
}

/** A row as the log and the histories show it; `reader` decides which recorded fields are shown. */
function entryOf(row: LogRow, reader: Reader): AuditLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor:
      row.actorId === null
        ? null
        : {
            name: row.firstName !== null ? `${row.firstName} ${row.lastName}` : (row.actorEmail ?? ''),
            role: row.actorRole,
          },
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    subject: subjectOf(row.after, row.before),
    changes: changesFor(reader, changesOf(row.before, row.after)),
    actorId: row.actorId,
    companyId: row.companyId,
    companyName: row.companyName,
  };
}

const LOG_FILTER_KEYS = ['from', 'to', 'actorId', 'companyId', 'action'] as const;

/** The values the log's filters compare with: `to` includes its whole day, so rows before the day after it. */
const logValues = (filter: AuditLogFilter) => ({
  from: filter.from,
  dayAfterTo: filter.to ? dayAfter(filter.to) : undefined,
  actorId: filter.actorId,
  companyId: filter.companyId,
  action: filter.action,
});
type LogValueKey = keyof ReturnType<typeof logValues>;

/** A Germany calendar day's first instant ('yyyy-MM-dd', or a placeholder of one). */
const dayStartInGermany = (day: unknown) => sql`(${day}::date::timestamp AT TIME ZONE 'Europe/Berlin')`;

/**
 * The audit log's filters as a condition, for the filters `filter` names; `value` gives what each
 * compares with: the filter's own values, or placeholders of a prepared statement.
 */
const logWhere = (filter: AuditLogFilter, value: (key: LogValueKey) => unknown) =>
  and(
    filter.from ? sql`${auditEvents.at} >= ${dayStartInGermany(value('from'))}` : undefined,
    filter.to ? sql`${auditEvents.at} < ${dayStartInGermany(value('dayAfterTo'))}` : undefined,
    filter.actorId ? sql`${auditEvents.actorId} = ${value('actorId')}` : undefined,
    filter.companyId ? sql`${auditEvents.companyId} = ${value('companyId')}` : undefined,
    filter.action ? sql`${auditEvents.action} = ${value('action')}` : undefined,
  );

/** The condition of `filter` with its values in the statement (for statements built per call). */
const logWhereWithValues = (filter: AuditLogFilter) => {
  const values = logValues(filter);
  return logWhere(filter, (key) => values[key]);
};

/**
 * The log's page and count statements, built by drizzle once per database and set of filters (32
 * at most) and, on PostgreSQL, named: parsed and planned once per pooled connection. A filtered
 * page's statements take about a millisecond over a million rows, and building and planning them
 * anew cost as much again (bench/audit-log.mjs, issue 28: the list within 2× of the query run
 * directly). Named statements behind PgBouncer need `max_prepared_statements` (README).
 */
const preparedLogStatements = new WeakMap<object, Map<string, ReturnType<typeof prepareLogStatements>>>();

/** The rows matching `where`, newest first, with the actors' and companies' current names (no paging yet). */
const logRows = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(logColumns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoin(companies, eq(companies.id, auditEvents.companyId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));

function prepareLogStatements(db: DbOrTx, filter: AuditLogFilter, shape: string) {
  const where = logWhere(filter, (key) => sql.placeholder(key));
  return {
    page: logRows(db, where)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`lumio_audit_log_page_${shape}`),
    count: db.select({ total: count() }).from(auditEvents).where(where).prepare(`lumio_audit_log_count_${shape}`),
  };
}

function logStatements(db: DbOrTx, filter: AuditLogFilter) {
  const shape = LOG_FILTER_KEYS.map((key) => (filter[key] ? '1' : '0')).join('');
  let byShape = preparedLogStatements.get(db);
  if (!byShape) preparedLogStatements.set(db, (byShape = new Map()));
  let statements = byShape.get(shape);
  if (!statements) byShape.set(shape, (statements = prepareLogStatements(db, filter, shape)));
  return statements;
}

export function auditRepository(db: DbOrTx) {
  /** The rows matching `where`, newest first (`limit` of them after `offset`), with the actors' current names. */
  async function rowsOf(where: SQL | undefined, limit: number, offset: number, reader: Reader) {
    const rows = await logRows(db, where).limit(limit).offset(offset);
    return rows.map((row) => entryOf(row, reader));
  }

  /** A page of the rows matching `where`, and how many match. */
  async function list(where: SQL | undefined, page: Page, reader: Reader) {
    const [items, [{ total }]] = await Promise.all([
      rowsOf(where, page.pageSize, page.pageIndex * page.pageSize, reader),
      db.select({ total: count() }).from(auditEvents).where(where),
    ]);
    return { items, total };
  }

  return {
    /** The company's history, newest first. */
    listForCompany: (companyId: string, page: Page, reader?: Role) =>
      list(eq(auditEvents.companyId, companyId), page, reader),

    /** The audit log (issue 28): every row matching the filters, newest first, a page of them. */
    listLog: async (filter: AuditLogFilter, page: Page, reader: Role) => {
      const statements = logStatements(db, filter);
      const values = logValues(filter);
      const [rows, [{ total }]] = await Promise.all([
        statements.page.execute({ ...values, limit: page.pageSize, offset: page.pageIndex * page.pageSize }),
        statements.count.execute(values),
      ]);
      return { items: rows.map((row) => entryOf(row, reader)), total };
    },

    /**
     * The rows of the audit log after the row `afterId` (the last of the batch before; none: from
     * the newest), `limit` of them: the CSV export reads the whole log in such batches, each one
     * query on the (at, id) order, so a long export never holds one huge result or transaction.
     * The row's own `at` is compared in the database: its microseconds would not survive a
     * JavaScript Date, and rows between would be skipped.
     */
    logBatch: (filter: AuditLogFilter, afterId: string | undefined, limit: number, reader: Role) =>
      rowsOf(
        and(
          logWhereWithValues(filter),
          afterId
            ? sql`(${auditEvents.at}, ${auditEvents.id}) < (SELECT a.at, a.id FROM audit_events a WHERE a.id = ${afterId}::uuid)`
            : undefined,
        ),
        limit,
        0,
        reader,
      ),

    /** One record's history (e.g. a person's: entity type 'user' and the user's id), newest first. */
    listForEntity: (entityType: string, entityId: string, page: Page, reader?: Role) =>
      list(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)), page, reader),
  };
}
