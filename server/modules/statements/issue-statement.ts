import { previousMonth, runningMonth } from '../../../src/domain/statements';
import type { Db } from '../../db/client';
import { buildStatement } from './statement-builder';
import { statementsRepository } from './statements.repository';

/**
 * Issues the company's month unless it already is, and answers the issued statement (this
 * call's or the earlier one). Built and inserted in one transaction; the unique (company, month)
 * index with ON CONFLICT DO NOTHING lets only the first of two concurrent issuers write, the
 * second waits for it, does nothing and reads the first one's statement. `issuedAt` is taken
 * before the counts, so a process cancelled while the statement is built becomes a correction of
 * the next month rather than being lost between the two.
 */
export async function issueStatement(db: Db, companyId: string, month: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const repo = statementsRepository(tx);
    const existing = await repo.find(companyId, month);
    if (existing) return { statement: existing, issued: false };
    const statement = await buildStatement(tx, companyId, month, { status: 'issued', issuedAt: now });
    const issued = await repo.issue({ ...statement, issuedAt: now.toISOString() });
    if (issued) return { statement, issued };
    const stored = await repo.find(companyId, month);
    if (!stored) throw new Error(`statement ${companyId} ${month} neither issued nor found`);
    return { statement: stored, issued };
  });
}

/**
 * The job's run: the month before the running one (or `month`) for every company with a licence
 * or with processes in that month. Each company is its own transaction, so a failure half-way
 * keeps the companies already issued and a retry issues only the rest. Returns how many this run issued.
 */
export async function issueMonthStatements(db: Db, now = new Date(), month = previousMonth(runningMonth(now))) {
  let issued = 0;
  for (const companyId of await statementsRepository(db).companiesToIssue(month)) {
    if ((await issueStatement(db, companyId, month, now)).issued) issued += 1;
  }
  return { month, issued };
}
