import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { AUDIT_ACTION_TEXTS, type AuditAction } from '../../../src/domain/auditActions';
import { licenseKeyEnd } from '../../../src/domain/licenses';
import { ROLES, roleLabel, type Role } from '../../../src/domain/roles';
import { userStatusLabel } from '../../../src/domain/userStatus';
import type { DbOrTx } from '../../db/client';
import { auditEvents, type AuditEventRow } from '../audit/audit.table';
import { companies, stores } from '../companies/companies.table';
import { eidBindings } from '../eid-binding/eid-binding.table';
import { identificationProcesses, licenses } from '../licenses/licenses.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';
import { users, type UserRow } from '../users/users.table';

/**
 * What a person's data export holds (issue 28 part 3, GDPR Art. 15 and 20), read for one user and
 * nobody else. The rule that keeps other people out: audit rows name the other person who acted
 * by role only ('Eigentümer*in', 'Lumio-Admin'), never by e-mail or id; of a row where this person
 * acted on someone else, only what they did and on what kind of record is kept (no ids of people,
 * no before/after); of a row about this person, only the fields about them (PERSON_FIELDS).
 * The eID binding gives its dates, status and document type, never the pseudonym's hash. The
 * processes are those that name this person as their operator (the device API's operatorId).
 */

/** Recorded fields of an audit row about the person that are the person's own data. */
const PERSON_FIELDS = [
  'salutation',
  'firstName',
  'lastName',
  'birthDate',
  'email',
  'role',
  'status',
  'documentType',
  'reviewReason',
] as const;

/** Records that are people (or about one): of these, a row by this person keeps no id. */
const PERSON_ENTITY_TYPES = new Set(['user', 'administrator', 'invitation', 'application']);

/** Each record type in German, for the summary and the JSON. */
const ENTITY_TYPE_TEXTS: Record<string, string> = {
  application: 'Registrierungsantrag',
  company: 'Firma',
  store: 'Studio',
  user: 'Person',
  invitation: 'Einladung',
  reseller: 'Reseller',
  administrator: 'Administrator',
  license: 'Lizenz',
  package: 'Vorgangspaket',
  'webhook-endpoint': 'Webhook-Empfänger',
  'api-client': 'API-Zugang',
};

export const PROCESSES_NOTE =
  'Aufgeführt sind die Identifizierungsvorgänge, bei denen die Studio-Software Sie als durchführende Person ' +
  'genannt hat. Vorgänge, die ohne Angabe einer Person erfasst wurden, kann Lumio niemandem zuordnen; sie ' +
  'sind hier nicht enthalten.';

export const SELF_ACTOR = 'Sie selbst';
const SYSTEM_ACTOR = 'Lumio (automatisch)';
const OTHER_ACTOR = 'eine andere Person';

export interface ExportChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface ExportAuditRow {
  at: string;
  action: string;
  actionText: string;
  /** Who acted: 'Sie selbst', another person's role in German, or Lumio itself. */
  by: string;
  /** The kind of record, in German. */
  subject: string;
  /** Whether the row is about this person (their own account). */
  aboutYou: boolean;
  /** The record's id, only for records that are not people. */
  subjectId: string | null;
  /** Of rows about this person: the changed fields about them. */
  changes: ExportChange[];
}

/** An identification process the person carried out (the device API named them as its operator). */
export interface ExportProcess {
  /** When it was recorded. */
  at: string;
  studio: string;
  /** The licence key's last five characters (`licenseKeyEnd`), enough to recognise it, not to use it. */
  licenseKeyEnd: string;
  status: 'Completed' | 'Cancelled';
  cancelledAt: string | null;
}

export interface ExportStatusChange {
  at: string;
  event: string;
  from: string | null;
  to: string;
  toText: string;
  by: string;
}

export interface DataExportContent {
  createdAt: string;
  profile: {
    id: string;
    salutation: string | null;
    firstName: string;
    lastName: string;
    email: string;
    /** Lumio stores no telephone number of a person (only the company's). */
    phone: null;
    birthDate: string | null;
    role: Role;
    roleText: string;
    status: string;
    statusText: string;
    createdAt: string;
  };
  company: {
    role: Role;
    roleText: string;
    company: {
      name: string;
      legalForm: string;
      address: string;
      country: string;
      phoneNumber: string;
      phoneNumber2: string | null;
      website: string | null;
    } | null;
    systemIntegrator: { name: string; code: string } | null;
  };
  statusHistory: ExportStatusChange[];
  eid: {
    status: 'verknüpft' | 'in Prüfung' | 'nicht verknüpft';
    documentType: string | null;
    startedAt: string | null;
    boundAt: string | null;
  };
  /**
   * How many processes name the person (up to the export's time) and the newest of them for the
   * summary; the file lists all of them, read page by page while it is written (processPages).
   */
  processes: { note: string; count: number; newest: ExportProcess[] };
  audit: ExportAuditRow[];
}

function isRole(value: string | null): value is Role {
  return value !== null && (ROLES as readonly string[]).includes(value);
}

function actorOf(row: AuditEventRow, userId: string): string {
  if (row.actorId === userId) return SELF_ACTOR;
  if (row.actorId === null && row.actorRole === null) return SYSTEM_ACTOR;
  return isRole(row.actorRole) ? roleLabel(row.actorRole, null) : OTHER_ACTOR;
}

function personFields(record: Record<string, unknown> | null): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of PERSON_FIELDS) if (record && field in record) kept[field] = record[field];
  return kept;
}

function changesOf(row: AuditEventRow): ExportChange[] {
  const before = personFields(row.before);
  const after = personFields(row.after);
  return PERSON_FIELDS.filter((field) => field in before || field in after)
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

function actionText(action: string): string {
  return AUDIT_ACTION_TEXTS[action as AuditAction] ?? action;
}

function statusText(status: unknown): string {
  return typeof status === 'string' ? userStatusLabel(status as Parameters<typeof userStatusLabel>[0]) : '';
}

/** The audit rows about the person: by them, or about their own account; oldest first. */
async function auditRowsOf(db: DbOrTx, user: UserRow): Promise<ExportAuditRow[]> {
  const a = auditEvents;
  const rows = await db
    .select()
    .from(a)
    .where(or(eq(a.actorId, user.id), and(inArray(a.entityType, ['user', 'administrator']), eq(a.entityId, user.id))))
    .orderBy(asc(a.at), asc(a.id));
  return rows.map((row) => {
    const aboutYou = (row.entityType === 'user' || row.entityType === 'administrator') && row.entityId === user.id;
    return {
      at: row.at.toISOString(),
      action: row.action,
      actionText: actionText(row.action),
      by: actorOf(row, user.id),
      subject: aboutYou ? 'Ihr Konto' : (ENTITY_TYPE_TEXTS[row.entityType] ?? row.entityType),
      aboutYou,
      subjectId: aboutYou || PERSON_ENTITY_TYPES.has(row.entityType) ? null : row.entityId,
      changes: aboutYou ? changesOf(row) : [],
    };
  });
}

/** The summary lists this many of the newest processes; the JSON file has all of them. */
export const SUMMARY_PROCESS_LIMIT = 100;

/**
 * Processes read at a time while the export's file is written: a person who identified for ten
 * years has some 100,000, and the export holds one page of them, never all.
 */
export const PROCESS_PAGE_SIZE = 1000;

const byOperator = (userId: string, until: Date) =>
  and(eq(identificationProcesses.operatorUserId, userId), lte(identificationProcesses.createdAt, until));

/**
 * Up to `limit` of the processes that name the person as their operator (recorded up to `until`),
 * newest first (the operator index), after the process `afterId` when given. Only this person's:
 * a process names one operator, and no other person's id is read here.
 */
async function processPage(db: DbOrTx, userId: string, until: Date, limit: number, afterId?: string) {
  const p = identificationProcesses;
  // After a process in this order, compared in the database: its time has microseconds, a Date not.
  const after = afterId
    ? sql`(${p.createdAt}, ${p.id}) < (SELECT created_at, id FROM identification_processes WHERE id = ${afterId})`
    : undefined;
  const rows = await db
    .select({
      id: p.id,
      createdAt: p.createdAt,
      studio: stores.name,
      licenseKey: licenses.key,
      status: p.status,
      cancelledAt: p.cancelledAt,
    })
    .from(p)
    .innerJoin(stores, eq(stores.id, p.storeId))
    .innerJoin(licenses, eq(licenses.id, p.licenseId))
    .where(and(byOperator(userId, until), after))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    process: {
      at: row.createdAt.toISOString(),
      studio: row.studio,
      licenseKeyEnd: licenseKeyEnd(row.licenseKey),
      status: row.status,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    } satisfies ExportProcess,
  }));
}

/** Every process that names the person (recorded up to `until`), newest first, a page at a time. */
export async function* processPages(
  db: DbOrTx,
  userId: string,
  until: Date,
  pageSize = PROCESS_PAGE_SIZE,
): AsyncGenerator<ExportProcess[]> {
  let afterId: string | undefined;
  for (;;) {
    const rows = await processPage(db, userId, until, pageSize, afterId);
    if (rows.length) yield rows.map((row) => row.process);
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].id;
  }
}

async function countProcesses(db: DbOrTx, userId: string, until: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(identificationProcesses).where(byOperator(userId, until));
  return row?.n ?? 0;
}

/** The account's creation and every audit row about it that changed its status. */
function statusHistoryOf(user: UserRow, audit: readonly ExportAuditRow[]): ExportStatusChange[] {
  const history: ExportStatusChange[] = [];
  for (const row of audit) {
    if (!row.aboutYou) continue;
    const change = row.changes.find((c) => c.field === 'status');
    if (!change || typeof change.after !== 'string') continue;
    history.push({
      at: row.at,
      event: row.actionText,
      from: typeof change.before === 'string' ? change.before : null,
      to: change.after,
      toText: statusText(change.after),
      by: row.by,
    });
  }
  const created: ExportStatusChange = {
    at: user.createdAt.toISOString(),
    event: 'Konto angelegt',
    from: null,
    to: history[0]?.from ?? user.status,
    toText: statusText(history[0]?.from ?? user.status),
    by: SYSTEM_ACTOR,
  };
  return [created, ...history];
}

/** Everything the export holds about `userId`; undefined when the account is gone. */
export async function collectDataExport(db: DbOrTx, userId: string, now: Date): Promise<DataExportContent | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [company] = user.companyId
    ? await db.select().from(companies).where(eq(companies.id, user.companyId)).limit(1)
    : [];
  const [integrator] = user.systemIntegratorId
    ? await db
        .select({ name: systemIntegrators.name, code: systemIntegrators.code })
        .from(systemIntegrators)
        .where(eq(systemIntegrators.id, user.systemIntegratorId))
        .limit(1)
    : [];
  const [binding] = await db
    .select({ documentType: eidBindings.documentType, createdAt: eidBindings.createdAt, boundAt: eidBindings.boundAt })
    .from(eidBindings)
    .where(eq(eidBindings.userId, user.id))
    .limit(1);
  const audit = await auditRowsOf(db, user);
  const processCount = await countProcesses(db, user.id, now);
  const newest = await processPage(db, user.id, now, SUMMARY_PROCESS_LIMIT);
  const roleText = roleLabel(user.role, user.salutation);

  return {
    createdAt: now.toISOString(),
    profile: {
      id: user.id,
      salutation: user.salutation,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: null,
      birthDate: user.birthDate,
      role: user.role,
      roleText,
      status: user.status,
      statusText: statusText(user.status),
      createdAt: user.createdAt.toISOString(),
    },
    company: {
      role: user.role,
      roleText,
      company: company
        ? {
            name: company.name,
            legalForm: company.legalForm,
            address: company.address,
            country: company.country,
            phoneNumber: company.phoneNumber,
            phoneNumber2: company.phoneNumber2,
            website: company.website,
          }
        : null,
      systemIntegrator: integrator ?? null,
    },
    statusHistory: statusHistoryOf(user, audit),
    eid: {
      status: !binding ? 'nicht verknüpft' : binding.boundAt ? 'verknüpft' : 'in Prüfung',
      documentType: binding?.documentType ?? null,
      startedAt: binding?.createdAt.toISOString() ?? null,
      boundAt: binding?.boundAt?.toISOString() ?? null,
    },
    processes: { note: PROCESSES_NOTE, count: processCount, newest: newest.map((row) => row.process) },
    audit,
  };
}
