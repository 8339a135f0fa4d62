import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { auditEvents } from '../audit/audit.table';
import { companyApplications } from '../company-applications/company-applications.table';
import { closedCompanies } from './retention.table';

/**
 * What stands in an audit row's before/after where an erased person's value was (docs/retention.md
 * "Audit rows naming a person inside another record"). A string, so every screen that shows the
 * value (Protokoll, histories, CSV) shows German and none of them trips over a missing key.
 */
export const ERASED_PLACEHOLDER = 'gelöscht';

/** The identifying values of one person being erased, as archived (closed_accounts) or in users. */
export interface ErasedPerson {
  id: string;
  /** The person's company: its audit rows are searched for the person's values. */
  companyId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  /**
   * The applications whose audit rows are searched too; when absent, those the person made (by
   * e-mail, see applicationsOf). A rejected application being erased passes its own id.
   */
  applicationIds?: string[];
}

/** Keys of the rows about the person under which an earlier e-mail of theirs was recorded. */
const EMAIL_KEYS = ['email', 'newEmail', 'oldEmail'] as const;

/** Values shorter than this are never matched (an initial would hit unrelated rows). */
const MIN_VALUE_LENGTH = 2;

/** A regular expression (PostgreSQL ARE) matching `text` literally. */
const escapeRegex = (text: string) => text.replace(/[\\.^$|?*+()[\]{}]/g, '\\$&');

/**
 * Matches the JSON string `value` as a value inside jsonb's text form (`"key": "value"`), never as a
 * key (a key is followed by ':'), so only whole values are replaced: 'Anna' never touches 'Annabell'.
 */
const tokenPattern = (value: string) => `${escapeRegex(JSON.stringify(value))}(?!:)`;

/**
 * Every e-mail the person had: the archived one and those in the rows about them (an e-mail change
 * records the old one; an invitation went to the address the person had then). Read before the rows
 * about the person lose those keys (anonymiseAuditRows).
 */
async function emailsOf(tx: DbOrTx, people: ErasedPerson[]): Promise<Map<string, Set<string>>> {
  const emails = new Map(people.map((p) => [p.id, new Set([p.email.toLowerCase()])]));
  const ids = people.map((p) => p.id);
  if (!ids.length) return emails;
  const columns = Object.fromEntries(
    EMAIL_KEYS.flatMap((key) => [
      [`before_${key}`, sql<string | null>`${auditEvents.before} ->> ${key}`],
      [`after_${key}`, sql<string | null>`${auditEvents.after} ->> ${key}`],
    ]),
  );
  const rows = await tx
    .select({ id: auditEvents.entityId, ...columns })
    .from(auditEvents)
    .where(and(inArray(auditEvents.entityId, ids), inArray(auditEvents.entityType, ['user', 'administrator'])));
  for (const { id, ...values } of rows) {
    for (const value of Object.values(values)) {
      if (typeof value === 'string' && value.includes('@')) emails.get(id)?.add(value.toLowerCase());
    }
  }
  return emails;
}

/**
 * The applications the person made: by any of their e-mails, and the approved one of their company
 * if the company is closed (its application row is gone, the archive keeps its id). Their audit rows
 * ('application.rejected') may have no company.
 */
async function applicationsOf(tx: DbOrTx, person: ErasedPerson, emails: Set<string>): Promise<string[]> {
  const byEmail = await tx
    .select({ id: companyApplications.id })
    .from(companyApplications)
    .where(
      and(
        inArray(sql`lower(${companyApplications.email})`, [...emails]),
        // Not an application of a company the person never belonged to (someone who later used the address).
        person.companyId
          ? or(isNull(companyApplications.companyId), eq(companyApplications.companyId, person.companyId))
          : isNull(companyApplications.companyId),
      ),
    );
  const archived = person.companyId
    ? await tx
        .select({ id: closedCompanies.applicationId })
        .from(closedCompanies)
        .where(and(eq(closedCompanies.id, person.companyId), isNotNull(closedCompanies.applicationId)))
    : [];
  return [...new Set([...byEmail, ...archived].map((row) => row.id).filter((id): id is string => Boolean(id)))];
}

/** The values to replace for one person, and where else than their company to look. */
interface Target {
  emails: string[];
  /** Names and birth date: replaced only in rows that hold one of `emails`. */
  exact: string[];
  applications: string[];
}

/** A pattern that never matches jsonb's text (never empty): the end before the start. */
const NEVER = '$^';

/** The row's before or after holds one of the e-mails as a JSON string. */
function mentions(emails: string[]): SQL {
  const tests = emails.flatMap((email) => {
    const token = JSON.stringify(email).toLowerCase();
    return [
      sql`strpos(lower(${auditEvents.before}::text), ${token}) > 0`,
      sql`strpos(lower(${auditEvents.after}::text), ${token}) > 0`,
    ];
  });
  return or(...tests)!;
}

/**
 * Replaces the values in `column`'s jsonb, at any depth and under any key: every e-mail of the
 * targets (any case), and a target's names and birth date where the row (as it was) names that
 * target's e-mail, so a colleague's row with the same first name keeps it.
 */
function scrubbed(column: typeof auditEvents.before | typeof auditEvents.after, targets: Target[]): SQL {
  const replacement = JSON.stringify(ERASED_PLACEHOLDER);
  let text: SQL = sql`${column}::text`;
  for (const target of targets) {
    for (const email of target.emails) {
      text = sql`regexp_replace(${text}, ${tokenPattern(email)}, ${replacement}, 'gi')`;
    }
    if (!target.exact.length) continue;
    const named = mentions(target.emails);
    for (const value of target.exact) {
      text = sql`regexp_replace(${text}, CASE WHEN ${named} THEN ${tokenPattern(value)} ELSE ${NEVER} END, ${replacement}, 'g')`;
    }
  }
  return sql`CASE WHEN ${column} IS NULL THEN NULL ELSE (${text})::jsonb END`;
}

/** The audit rows of one company (or of none) that may name some of the people, and their values. */
interface MentionScope {
  targets: Target[];
  /** The rows of the company and of the targets' applications that hold one of the targets' e-mails. */
  where: SQL;
}

/**
 * Where the given people may be named inside another record's audit rows: per company of theirs,
 * the company's rows and those of their applications (which may have no company) that hold one of
 * their e-mails. In company order, so that two workers lock shared rows in the same order.
 */
async function mentionScopes(db: DbOrTx, people: ErasedPerson[]): Promise<MentionScope[]> {
  const emails = await emailsOf(db, people);
  const groups = new Map<string | null, Target[]>();
  for (const person of people) {
    const mine = [...(emails.get(person.id) ?? [])].filter((e) => e.length >= MIN_VALUE_LENGTH);
    if (!mine.length) continue;
    const exact = [
      ...new Set([person.firstName, person.lastName, person.birthDate].filter((v): v is string => Boolean(v))),
    ].filter((v) => v.length >= MIN_VALUE_LENGTH);
    const applications = person.applicationIds ?? (await applicationsOf(db, person, new Set(mine)));
    if (!person.companyId && !applications.length) continue;
    const group = groups.get(person.companyId) ?? [];
    group.push({ emails: mine, exact, applications });
    groups.set(person.companyId, group);
  }
  // By the ids' characters (no locale), every company before the rows of no company.
  const companyOrder = (a: string | null, b: string | null) => (a === b ? 0 : (a ?? '~') < (b ?? '~') ? -1 : 1);
  return [...groups]
    .sort(([a], [b]) => companyOrder(a, b))
    .map(([companyId, targets]) => {
      const applications = [...new Set(targets.flatMap((t) => t.applications))];
      const scope = [
        companyId ? eq(auditEvents.companyId, companyId) : undefined,
        applications.length
          ? and(eq(auditEvents.entityType, 'application'), inArray(auditEvents.entityId, applications))
          : undefined,
      ].filter((s): s is SQL => Boolean(s));
      return { targets, where: and(or(...scope), mentions(targets.flatMap((t) => t.emails)))! };
    });
}

/**
 * Anonymises the audit rows that name the given people inside another record (an invitation to
 * their e-mail, their application, the owner's e-mail on the company's approval, …): rows of the
 * person's company, and rows of their applications (which may have no company), whose before/after
 * hold one of the person's e-mails. In those rows every string value equal to one of the person's
 * e-mails, names or birth date becomes 'gelöscht'. One UPDATE per company of the batch's people
 * (one pass over the company's rows, by its index), in the caller's transaction: PostgreSQL
 * re-applies it to a row another worker changed meanwhile, so two workers anonymising two
 * colleagues never undo each other. Answers the ids of the rows changed; a row already anonymised
 * no longer holds the e-mail, so a second call changes nothing.
 */
export async function anonymiseAuditMentions(tx: Tx, people: ErasedPerson[]): Promise<string[]> {
  const changed = new Set<string>();
  for (const { targets, where } of await mentionScopes(tx, people)) {
    const rows = await tx
      .update(auditEvents)
      .set({ before: scrubbed(auditEvents.before, targets), after: scrubbed(auditEvents.after, targets) })
      .where(where)
      .returning({ id: auditEvents.id });
    for (const row of rows) changed.add(row.id);
  }
  return [...changed];
}

/** The ids of the rows anonymiseAuditMentions would change now, changing nothing (the dry run). */
export async function auditMentionIds(db: DbOrTx, people: ErasedPerson[]): Promise<string[]> {
  const found = new Set<string>();
  for (const { where } of await mentionScopes(db, people)) {
    for (const row of await db.select({ id: auditEvents.id }).from(auditEvents).where(where)) found.add(row.id);
  }
  return [...found];
}
