import { addDays } from 'date-fns/addDays';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuditLogFilter } from '../../../src/domain/auditLog';
import { fromIsoDate, toIsoDate } from '../../../src/domain/dates';
import { companies } from '../companies/companies.table';
import { berlinMidnight } from '../usage/usage.repository';
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

export function auditRepository(db: DbOrTx) {
  /** The rows matching `where`, newest first (`limit` of them after `offset`), with the actors' current names. */
  async function rowsOf(where: SQL | undefined, limit: number, offset: number, reader: Reader) {
    const rows = await db
      .select({
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
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .leftJoin(companies, eq(companies.id, auditEvents.companyId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row): AuditLogEntry => ({
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
    }));
  }

  /** A page of the rows matching `where`, and how many match. */
  async function list(where: SQL | undefined, page: Page, reader: Reader) {
    const [items, [{ total }]] = await Promise.all([
      rowsOf(where, page.pageSize, page.pageIndex * page.pageSize, reader),
      db.select({ total: count() }).from(auditEvents).where(where),
    ]);
    return { items, total };
  }

  /** The audit log's filters as a condition (days are Germany's; `to` includes its whole day). */
  const logWhere = (filter: AuditLogFilter) =>
    and(
      filter.from ? sql`${auditEvents.at} >= ${berlinMidnight(filter.from)}` : undefined,
      filter.to ? sql`${auditEvents.at} < ${berlinMidnight(dayAfter(filter.to))}` : undefined,
      filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
      filter.companyId ? eq(auditEvents.companyId, filter.companyId) : undefined,
      filter.action ? eq(auditEvents.action, filter.action) : undefined,
    );

  return {
    /** The company's history, newest first. */
    listForCompany: (companyId: string, page: Page, reader?: Role) =>
      list(eq(auditEvents.companyId, companyId), page, reader),

    /** The audit log (issue 28): every row matching the filters, newest first, a page of them. */
    listLog: (filter: AuditLogFilter, page: Page, reader: Role) => list(logWhere(filter), page, reader),

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
          logWhere(filter),
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
