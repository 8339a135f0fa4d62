import { sub } from 'date-fns/sub';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  RETENTION_CATEGORIES,
  type RetentionCategory,
  type RetentionCategoryCount,
  type RetentionRunView,
} from '../../../src/domain/retention';
import {
  APPLICATION_RETENTION,
  CLOSED_ACCOUNT_RETENTION,
  ENDED_REQUEST_RETENTION,
  LOG_RETENTION,
  type RetentionPeriod,
} from '../../../src/domain/retentionRules';
import type { DbOrTx, Tx } from '../../db/client';
import { auditEvents } from '../audit/audit.table';
import { purgeDataExportBatch } from '../data-export/data-export-purge';
import { dataExportRepository } from '../data-export/data-export.repository';
import { companyApplications } from '../company-applications/company-applications.table';
import { emailChangeRequests } from '../email-change/email-change.table';
import { employeeInvitations } from '../employee-invitations/employee-invitations.table';
import { identificationProcesses } from '../licenses/licenses.table';
import { identificationReports } from '../reports/reports.table';
import { users } from '../users/users.table';
import {
  closedAccounts,
  closedCompanies,
  closedCompanyDocuments,
  retentionRunCounts,
  retentionRuns,
} from './retention.table';
import { anonymiseAuditMentions, auditMentionIds, type ErasedPerson } from './audit-mentions';

/** Rows per batch of the big tables (processes, audit rows): each batch is one short transaction. */
export const RETENTION_BATCH_SIZE = 2_000;
/** Rows per batch where each row brings more work (a person's audit rows, an IdP account). */
export const RETENTION_PERSON_BATCH_SIZE = 100;
/** A run whose last batch is longer ago than this, still 'running', died with its worker: shown as failed. */
export const RETENTION_RUN_STALE_MS = 30 * 60 * 1000;

/**
 * Keys of an audit row's before/after that name a person (or a sole trader's company): removed when
 * the data the row is about are erased. Everything else (status, role, ids, dates) stays.
 */
export const AUDIT_PERSONAL_KEYS = [
  'email',
  'newEmail',
  'oldEmail',
  'salutation',
  'firstName',
  'lastName',
  'birthDate',
  'name',
  'address',
  'phoneNumber',
  'phoneNumber2',
  'website',
  'memberId',
] as const;

export interface RetentionOptions {
  now?: Date;
  /** REPORT_RETENTION_DAYS. */
  reportRetentionDays: number;
  /**
   * Deletes an account at the identity provider and its users row (a rejected person whose 6
   * months are over); the IdP admin port's deleteUser.
   */
  deleteAccount(tx: Tx, userId: string): Promise<void>;
  batchSize?: number;
  personBatchSize?: number;
  /**
   * Called after each committed batch with the rows it picked and how long its transaction took
   * (tests stop a run here; the job checks its abort signal; bench/retention.mjs times the batches).
   */
  afterBatch?(category: RetentionCategory, batch: { picked: number; ms: number }): void | Promise<void>;
}

type Counts = Partial<Record<RetentionCategory, { checked?: number; deleted?: number; anonymised?: number }>>;

interface Step {
  category: RetentionCategory;
  /** Which batch size it takes: many small rows, or people/companies/files (more work each). */
  size: 'rows' | 'people' | 'files';
  /** Rows that would go now (the dry run; `checked` of a real run). */
  due(db: DbOrTx, ctx: StepContext): Promise<Counts>;
  /** One batch in its own transaction: answers what it did and how many rows it picked. */
  batch(tx: Tx, ctx: StepContext): Promise<{ picked: number; counts: Counts }>;
}

interface StepContext {
  now: Date;
  options: RetentionOptions;
  limit: number;
  personLimit: number;
}

const before = (now: Date, period: RetentionPeriod) => sub(now, period);

/** Picks up to `limit` ids matching `where`, oldest first, skipping rows another run holds. */
async function pick(tx: Tx, table: PgTable, id: PgColumn, where: SQL | undefined, order: PgColumn, limit: number) {
  const rows = await tx
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(asc(order))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id as string);
}

async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * What identifies the people `which` selects (their e-mail, names, birth date, company) as `table`
 * holds it: the archive of closed accounts, or users for a rejected person still there. `which` is
 * the ids of a batch, or the dry run's condition itself (no list of thousands of ids as parameters).
 */
async function peopleOf(tx: DbOrTx, table: typeof closedAccounts | typeof users, which: string[] | SQL | undefined) {
  if (Array.isArray(which) && !which.length) return [];
  return tx
    .select({
      id: table.id,
      companyId: table.companyId,
      email: table.email,
      firstName: table.firstName,
      lastName: table.lastName,
      birthDate: table.birthDate,
    })
    .from(table)
    .where(Array.isArray(which) ? inArray(table.id, which) : which);
}

/**
 * The applicants of the applications `which` selects (a batch's ids, or the dry run's condition) as
 * people to erase: their values in the application's own audit rows ('application.rejected': the
 * e-mail; no company) go with the application.
 */
async function applicantsOf(db: DbOrTx, which: string[] | SQL | undefined): Promise<ErasedPerson[]> {
  if (Array.isArray(which) && !which.length) return [];
  const rows = await db
    .select({
      id: companyApplications.id,
      email: companyApplications.email,
      firstName: companyApplications.firstName,
      lastName: companyApplications.lastName,
      birthDate: companyApplications.birthDate,
    })
    .from(companyApplications)
    .where(Array.isArray(which) ? inArray(companyApplications.id, which) : which);
  return rows.map((a) => ({ ...a, companyId: null, applicationIds: [a.id] }));
}

/** Anonymises the audit rows by or about the given people/companies; answers how many changed. */
export async function anonymiseAuditRows(tx: Tx, ids: string[]): Promise<number> {
  return (await anonymiseAuditRowsReturningIds(tx, ids)).length;
}

async function anonymiseAuditRowsReturningIds(tx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const keys = sql.raw(`array[${AUDIT_PERSONAL_KEYS.map((key) => `'${key}'`).join(',')}]::text[]`);
  const about = inArray(auditEvents.entityId, ids);
  const by = inArray(auditEvents.actorId, ids);
  const rows = await tx
    .update(auditEvents)
    .set({
      actorEmail: sql`CASE WHEN ${by} THEN NULL ELSE ${auditEvents.actorEmail} END`,
      before: sql`CASE WHEN ${about} THEN ${auditEvents.before} - ${keys} ELSE ${auditEvents.before} END`,
      after: sql`CASE WHEN ${about} THEN ${auditEvents.after} - ${keys} ELSE ${auditEvents.after} END`,
    })
    .where(or(by, about))
    .returning({ id: auditEvents.id });
  return rows.map((row) => row.id);
}

/**
 * Erasing people: their values inside other records' audit rows first (read from the rows about them
 * before those lose their keys), then the rows by and about them. Answers how many rows changed.
 */
async function anonymisePeople(tx: Tx, people: ErasedPerson[]): Promise<number> {
  if (!people.length) return 0;
  const named = await anonymiseAuditMentions(tx, people);
  const own = await anonymiseAuditRowsReturningIds(
    tx,
    people.map((p) => p.id),
  );
  return new Set([...named, ...own]).size;
}

/** The audit rows by or about the people (or companies) `ids`: those anonymiseAuditRows changes. */
const byOrAbout = (ids: string[]) => or(inArray(auditEvents.actorId, ids), inArray(auditEvents.entityId, ids));

async function countAuditRowsOf(db: DbOrTx, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return countWhere(db, auditEvents, byOrAbout(ids));
}

/** The dry run reads the people due in chunks of this many (each chunk's statements stay small). */
const DRY_RUN_CHUNK = 500;

/**
 * How many audit rows erasing `people` would anonymise now (the dry run's figure for a real run's
 * anonymisePeople): those naming them inside another record and, with `own`, the rows by or about
 * them, each row once.
 */
async function auditRowsNaming(db: DbOrTx, people: ErasedPerson[], { own = true } = {}): Promise<number> {
  const found = new Set<string>();
  for (let i = 0; i < people.length; i += DRY_RUN_CHUNK) {
    const chunk = people.slice(i, i + DRY_RUN_CHUNK);
    const ids = chunk.map((p) => p.id);
    const named = await auditMentionIds(db, chunk);
    const theirs = own ? await db.select({ id: auditEvents.id }).from(auditEvents).where(byOrAbout(ids)) : [];
    for (const id of [...named, ...theirs.map((row) => row.id)]) found.add(id);
  }
  return found.size;
}

const processesDue = (now: Date) => lt(identificationProcesses.createdAt, before(now, LOG_RETENTION));
const closedAccountsDue = (now: Date) =>
  or(
    and(
      eq(closedAccounts.carriedOutIdentifications, false),
      lt(closedAccounts.closedAt, before(now, CLOSED_ACCOUNT_RETENTION)),
    ),
    and(eq(closedAccounts.carriedOutIdentifications, true), lt(closedAccounts.closedAt, before(now, LOG_RETENTION))),
  );
const rejectedUsersDue = (now: Date) =>
  and(
    eq(users.status, 'Rejected'),
    // Rejected before rejected_at existed and not backfilled (a direct insert): the row's last change.
    lt(sql`coalesce(${users.rejectedAt}, ${users.updatedAt})`, before(now, CLOSED_ACCOUNT_RETENTION)),
  );
const closedCompaniesDue = (now: Date) => lt(closedCompanies.closedAt, before(now, CLOSED_ACCOUNT_RETENTION));
const closedDocumentsDue = (now: Date) => lt(closedCompanyDocuments.closedAt, before(now, APPLICATION_RETENTION));
const rejectedApplicationsDue = (now: Date) =>
  and(
    eq(companyApplications.status, 'Rejected'),
    isNotNull(companyApplications.decidedAt),
    lt(companyApplications.decidedAt, before(now, APPLICATION_RETENTION)),
  );
const invitationsDue = (now: Date) =>
  lt(
    sql`coalesce(${employeeInvitations.usedAt}, ${employeeInvitations.replacedAt}, ${employeeInvitations.withdrawnAt}, ${employeeInvitations.expiresAt})`,
    before(now, ENDED_REQUEST_RETENTION),
  );
const emailChangesDue = (now: Date) =>
  lt(
    sql`coalesce(${emailChangeRequests.confirmedAt}, ${emailChangeRequests.replacedAt}, ${emailChangeRequests.expiresAt})`,
    before(now, ENDED_REQUEST_RETENTION),
  );
const reportsDue = (now: Date, days: number) => lt(identificationReports.updatedAt, before(now, { days }));
const auditRowsDue = (now: Date) => lt(auditEvents.at, before(now, LOG_RETENTION));

/**
 * The rules of src/domain/retentionRules.ts as batches. Order matters once: a closed company's
 * documents go before the company (its row would take them along uncounted).
 */
const STEPS: Step[] = [
  {
    category: 'identificationProcesses',
    size: 'rows',
    async due(db, { now }) {
      return { identificationProcesses: { checked: await countWhere(db, identificationProcesses, processesDue(now)) } };
    },
    async batch(tx, { now, limit }) {
      const ids = await pick(
        tx,
        identificationProcesses,
        identificationProcesses.id,
        processesDue(now),
        identificationProcesses.createdAt,
        limit,
      );
      // The day counts (identification_process_days) follow by the table's delete trigger.
      if (ids.length) await tx.delete(identificationProcesses).where(inArray(identificationProcesses.id, ids));
      return { picked: ids.length, counts: { identificationProcesses: { checked: ids.length, deleted: ids.length } } };
    },
  },
  {
    category: 'closedAccounts',
    size: 'people',
    async due(db, { now }) {
      const people = [
        ...(await peopleOf(db, closedAccounts, closedAccountsDue(now))),
        ...(await peopleOf(db, users, rejectedUsersDue(now))),
      ];
      return {
        closedAccounts: { checked: people.length },
        auditRows: { checked: await auditRowsNaming(db, people) },
      };
    },
    async batch(tx, { now, personLimit }) {
      const ids = await pick(
        tx,
        closedAccounts,
        closedAccounts.id,
        closedAccountsDue(now),
        closedAccounts.closedAt,
        personLimit,
      );
      const people = await peopleOf(tx, closedAccounts, ids);
      const anonymised = await anonymisePeople(tx, people);
      if (ids.length) await tx.delete(closedAccounts).where(inArray(closedAccounts.id, ids));
      return {
        picked: ids.length,
        counts: {
          closedAccounts: { checked: ids.length, deleted: ids.length },
          auditRows: { checked: anonymised, anonymised },
        },
      };
    },
  },
  {
    // Rejected people still in users (the company's list shows them as rejected until now).
    category: 'closedAccounts',
    size: 'people',
    async due() {
      return {};
    },
    async batch(tx, { now, personLimit, options }) {
      const ids = await pick(tx, users, users.id, rejectedUsersDue(now), users.rejectedAt, personLimit);
      const people = await peopleOf(tx, users, ids);
      const anonymised = await anonymisePeople(tx, people);
      for (const id of ids) await options.deleteAccount(tx, id);
      return {
        picked: ids.length,
        counts: {
          closedAccounts: { checked: ids.length, deleted: ids.length },
          auditRows: { checked: anonymised, anonymised },
        },
      };
    },
  },
  {
    category: 'approvedApplicationDocuments',
    size: 'files',
    async due(db, { now }) {
      return {
        approvedApplicationDocuments: {
          checked: await countWhere(db, closedCompanyDocuments, closedDocumentsDue(now)),
        },
      };
    },
    async batch(tx, ctx) {
      const { now } = ctx;
      const ids = await pick(
        tx,
        closedCompanyDocuments,
        closedCompanyDocuments.id,
        closedDocumentsDue(now),
        closedCompanyDocuments.closedAt,
        batchLimit(this, ctx),
      );
      if (ids.length) await tx.delete(closedCompanyDocuments).where(inArray(closedCompanyDocuments.id, ids));
      return {
        picked: ids.length,
        counts: { approvedApplicationDocuments: { checked: ids.length, deleted: ids.length } },
      };
    },
  },
  {
    category: 'closedCompanies',
    size: 'people',
    async due(db, { now }) {
      const ids = (
        await db.select({ id: closedCompanies.id }).from(closedCompanies).where(closedCompaniesDue(now))
      ).map((row) => row.id);
      return { closedCompanies: { checked: ids.length }, auditRows: { checked: await countAuditRowsOf(db, ids) } };
    },
    async batch(tx, { now, personLimit }) {
      const ids = await pick(
        tx,
        closedCompanies,
        closedCompanies.id,
        closedCompaniesDue(now),
        closedCompanies.closedAt,
        personLimit,
      );
      const anonymised = await anonymiseAuditRows(tx, ids);
      if (ids.length) await tx.delete(closedCompanies).where(inArray(closedCompanies.id, ids));
      return {
        picked: ids.length,
        counts: {
          closedCompanies: { checked: ids.length, deleted: ids.length },
          auditRows: { checked: anonymised, anonymised },
        },
      };
    },
  },
  {
    category: 'rejectedApplications',
    size: 'people',
    async due(db, { now }) {
      const applicants = await applicantsOf(db, rejectedApplicationsDue(now));
      return {
        rejectedApplications: { checked: applicants.length },
        auditRows: { checked: await auditRowsNaming(db, applicants, { own: false }) },
      };
    },
    async batch(tx, { now, personLimit }) {
      const ids = await pick(
        tx,
        companyApplications,
        companyApplications.id,
        rejectedApplicationsDue(now),
        companyApplications.decidedAt,
        personLimit,
      );
      // The applicant's values in the application's own audit rows ('application.rejected': the
      // e-mail; no company) go with it.
      const anonymised = (await anonymiseAuditMentions(tx, await applicantsOf(tx, ids))).length;
      // Their documents go with them (foreign key, on delete cascade).
      if (ids.length) await tx.delete(companyApplications).where(inArray(companyApplications.id, ids));
      return {
        picked: ids.length,
        counts: {
          rejectedApplications: { checked: ids.length, deleted: ids.length },
          auditRows: { checked: anonymised, anonymised },
        },
      };
    },
  },
  {
    category: 'endedRequests',
    size: 'rows',
    async due(db, { now }) {
      const invitations = await countWhere(db, employeeInvitations, invitationsDue(now));
      const changes = await countWhere(db, emailChangeRequests, emailChangesDue(now));
      return { endedRequests: { checked: invitations + changes } };
    },
    async batch(tx, { now, limit }) {
      const invitations = await pick(
        tx,
        employeeInvitations,
        employeeInvitations.id,
        invitationsDue(now),
        employeeInvitations.expiresAt,
        limit,
      );
      if (invitations.length) await tx.delete(employeeInvitations).where(inArray(employeeInvitations.id, invitations));
      const changes = await pick(
        tx,
        emailChangeRequests,
        emailChangeRequests.id,
        emailChangesDue(now),
        emailChangeRequests.expiresAt,
        limit,
      );
      if (changes.length) await tx.delete(emailChangeRequests).where(inArray(emailChangeRequests.id, changes));
      const n = invitations.length + changes.length;
      return {
        picked: Math.max(invitations.length, changes.length),
        counts: { endedRequests: { checked: n, deleted: n } },
      };
    },
  },
  {
    category: 'finishedReports',
    size: 'people',
    async due(db, { now, options }) {
      return {
        finishedReports: {
          checked: await countWhere(db, identificationReports, reportsDue(now, options.reportRetentionDays)),
        },
      };
    },
    async batch(tx, { now, options, personLimit }) {
      const ids = await pick(
        tx,
        identificationReports,
        identificationReports.id,
        reportsDue(now, options.reportRetentionDays),
        identificationReports.updatedAt,
        personLimit,
      );
      // The report's file chunks go with the row (report-file-store.ts).
      if (ids.length) await tx.delete(identificationReports).where(inArray(identificationReports.id, ids));
      return { picked: ids.length, counts: { finishedReports: { checked: ids.length, deleted: ids.length } } };
    },
  },
  {
    // The 'Meine Daten' exports' files (server/modules/data-export): 7 days after they were ready.
    category: 'dataExports',
    size: 'files',
    async due(db, { now }) {
      return { dataExports: { checked: await dataExportRepository(db).countToPurge(now) } };
    },
    async batch(tx, { now, limit }) {
      const { picked, deleted } = await purgeDataExportBatch(tx, now, limit);
      return { picked, counts: { dataExports: { checked: picked, deleted } } };
    },
  },
  {
    category: 'auditRows',
    size: 'rows',
    async due(db, { now }) {
      return { auditRows: { checked: await countWhere(db, auditEvents, auditRowsDue(now)) } };
    },
    async batch(tx, { now, limit }) {
      const ids = await pick(tx, auditEvents, auditEvents.id, auditRowsDue(now), auditEvents.at, limit);
      if (ids.length) await tx.delete(auditEvents).where(inArray(auditEvents.id, ids));
      return { picked: ids.length, counts: { auditRows: { checked: ids.length, deleted: ids.length } } };
    },
  },
];

/** Files carry their bytes: at most 200 a batch. */
function batchLimit(step: Pick<Step, 'size'>, ctx: StepContext): number {
  if (step.size === 'rows') return ctx.limit;
  if (step.size === 'files') return Math.min(ctx.limit, 200);
  return ctx.personLimit;
}

function emptyCounts(): Record<RetentionCategory, RetentionCategoryCount> {
  return Object.fromEntries(
    RETENTION_CATEGORIES.map((category) => [category, { category, checked: 0, deleted: 0, anonymised: 0 }]),
  ) as Record<RetentionCategory, RetentionCategoryCount>;
}

function addCounts(total: Record<RetentionCategory, RetentionCategoryCount>, counts: Counts): void {
  for (const [category, c] of Object.entries(counts) as [RetentionCategory, NonNullable<Counts[RetentionCategory]>][]) {
    total[category].checked += c.checked ?? 0;
    total[category].deleted += c.deleted ?? 0;
    total[category].anonymised += c.anonymised ?? 0;
  }
}

function context(options: RetentionOptions): StepContext {
  return {
    now: options.now ?? new Date(),
    options,
    limit: options.batchSize ?? RETENTION_BATCH_SIZE,
    personLimit: options.personBatchSize ?? RETENTION_PERSON_BATCH_SIZE,
  };
}

/** What a run would do now, per category, changing nothing (`npm run retention -- --dry-run`). */
export async function retentionDryRun(db: DbOrTx, options: RetentionOptions): Promise<RetentionCategoryCount[]> {
  const ctx = context(options);
  const total = emptyCounts();
  for (const step of STEPS) addCounts(total, await step.due(db, ctx));
  return RETENTION_CATEGORIES.map((category) => total[category]);
}

/**
 * One run: every rule in batches, each batch one short transaction that also adds its counts to the
 * run's record. Rows are picked with FOR UPDATE SKIP LOCKED, so two runs at once never handle a row
 * twice, and a run stopped between batches leaves every row either kept or fully handled; the next
 * run picks up what is left. Answers the run's id and counts.
 */
export async function runRetention(
  db: DbOrTx,
  options: RetentionOptions,
): Promise<{ id: string; categories: RetentionCategoryCount[] }> {
  const ctx = context(options);
  const startedAt = new Date();
  const [run] = await db
    .insert(retentionRuns)
    .values({ startedAt, heartbeatAt: startedAt, status: 'running' })
    .returning({ id: retentionRuns.id });
  await db.insert(retentionRunCounts).values(RETENTION_CATEGORIES.map((category) => ({ runId: run.id, category })));
  const total = emptyCounts();
  try {
    for (const step of STEPS) {
      for (;;) {
        const started = performance.now();
        const picked = await db.transaction(async (tx) => {
          const result = await step.batch(tx, ctx);
          if (result.picked) await recordCounts(tx, run.id, result.counts);
          return result;
        });
        addCounts(total, picked.counts);
        const ms = performance.now() - started;
        if (picked.picked) await options.afterBatch?.(step.category, { picked: picked.picked, ms });
        if (picked.picked < batchLimit(step, ctx)) break;
      }
    }
  } catch (err) {
    await db
      .update(retentionRuns)
      .set({ status: 'failed', finishedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(retentionRuns.id, run.id));
    throw err;
  }
  await db
    .update(retentionRuns)
    .set({ status: 'finished', finishedAt: new Date(), heartbeatAt: new Date() })
    .where(eq(retentionRuns.id, run.id));
  return { id: run.id, categories: RETENTION_CATEGORIES.map((category) => total[category]) };
}

async function recordCounts(tx: Tx, runId: string, counts: Counts): Promise<void> {
  for (const [category, c] of Object.entries(counts) as [RetentionCategory, NonNullable<Counts[RetentionCategory]>][]) {
    if (!c.checked && !c.deleted && !c.anonymised) continue;
    await tx
      .update(retentionRunCounts)
      .set({
        checked: sql`${retentionRunCounts.checked} + ${c.checked ?? 0}`,
        deleted: sql`${retentionRunCounts.deleted} + ${c.deleted ?? 0}`,
        anonymised: sql`${retentionRunCounts.anonymised} + ${c.anonymised ?? 0}`,
      })
      .where(and(eq(retentionRunCounts.runId, runId), eq(retentionRunCounts.category, category)));
  }
  await tx.update(retentionRuns).set({ heartbeatAt: new Date() }).where(eq(retentionRuns.id, runId));
}

/** GET /api/retention-run: the runs newest first, each with every category's counts. */
export async function listRetentionRuns(
  db: DbOrTx,
  { pageIndex, pageSize }: { pageIndex: number; pageSize: number },
  now = new Date(),
): Promise<{ items: RetentionRunView[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(retentionRuns);
  const runs = await db
    .select()
    .from(retentionRuns)
    .orderBy(desc(retentionRuns.startedAt), desc(retentionRuns.id))
    .limit(pageSize)
    .offset(pageIndex * pageSize);
  const counts = runs.length
    ? await db
        .select()
        .from(retentionRunCounts)
        .where(
          inArray(
            retentionRunCounts.runId,
            runs.map((run) => run.id),
          ),
        )
    : [];
  const items = runs.map((run): RetentionRunView => {
    const mine = new Map(counts.filter((c) => c.runId === run.id).map((c) => [c.category, c]));
    const stale = run.status === 'running' && now.getTime() - run.heartbeatAt.getTime() > RETENTION_RUN_STALE_MS;
    return {
      id: run.id,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      status: stale ? 'failed' : run.status,
      categories: RETENTION_CATEGORIES.map((category) => {
        const c = mine.get(category);
        return { category, checked: c?.checked ?? 0, deleted: c?.deleted ?? 0, anonymised: c?.anonymised ?? 0 };
      }),
    };
  });
  return { items, total };
}
