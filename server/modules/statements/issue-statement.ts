import type { FastifyInstance } from 'fastify';
import { todayInGermany } from '../../../src/domain/dates';
import { previousMonth, runningMonth, statementPagePath, type Statement } from '../../../src/domain/statements';
import { monthOf } from '../../../src/domain/usage';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { MAIL_KINDS, type MailOutbox, type QueueMail } from '../../mail/outbox';
import { statementIssuedMail } from '../../mail/templates/statement-issued';
import { packageNoticeRepository } from '../package-notices/package-notices.repository';
import { buildStatement } from './statement-builder';
import { statementsRepository } from './statements.repository';

/** What issuing needs: the database, and the outbox and settings of the Owners' mail. */
export interface StatementIssuer {
  db: Db;
  outbox: MailOutbox;
  config: Pick<AppConfig, 'publicUrl' | 'brandOwner'>;
}

/** The API's issuer: a route that reads a past month may be the one that issues it. */
export const statementIssuer = (app: FastifyInstance): StatementIssuer => ({
  db: app.db,
  outbox: app.mailOutbox,
  config: app.config,
});

/**
 * Issues the company's month unless it already is, and answers the issued statement (this
 * call's or the earlier one); undefined for a month before the company was registered, which has
 * no statement. Built, inserted and the Owners' mail queued in one transaction; the unique
 * (company, month) index with ON CONFLICT DO NOTHING lets only the first of two concurrent
 * issuers write (and mail), the second waits for it, does nothing and reads the first one's
 * statement. `issuedAt` is taken before the counts, so a process cancelled while the statement is
 * built becomes a correction of the next month rather than being lost between the two.
 */
export async function issueStatement(
  issuer: StatementIssuer,
  companyId: string,
  month: string,
  now = new Date(),
): Promise<{ statement: Statement; issued: boolean } | undefined> {
  return issuer.outbox.transaction(issuer.db, async (tx, queueMail) => {
    const repo = statementsRepository(tx);
    const existing = await repo.find(companyId, month);
    if (existing) return { statement: existing, issued: false };
    const registered = await repo.registeredAt(companyId);
    if (!registered || month < monthOf(todayInGermany(registered))) return undefined;
    const statement = await buildStatement(tx, companyId, month, { status: 'issued', issuedAt: now });
    const issued = await repo.issue({ ...statement, issuedAt: now.toISOString() });
    if (issued) {
      await mailOwners(issuer, tx, queueMail, statement);
      return { statement, issued };
    }
    const stored = await repo.find(companyId, month);
    if (!stored) throw new Error(`statement ${companyId} ${month} neither issued nor found`);
    return { statement: stored, issued };
  });
}

/** The Owners' mail (issue 27, part 4): the totals and a link, never the statement itself. */
async function mailOwners(issuer: StatementIssuer, tx: Tx, queueMail: QueueMail, statement: Statement) {
  const owners = await packageNoticeRepository(tx).owners(statement.companyId);
  for (const owner of owners) {
    await queueMail({
      kind: MAIL_KINDS.statementIssued,
      reference: statement.companyId,
      message: statementIssuedMail(
        {
          ...owner,
          to: owner.email,
          companyName: statement.company.name,
          month: statement.month,
          totals: statement.totals,
          corrections: statement.corrections.length,
          pageUrl: `${issuer.config.publicUrl}/${statementPagePath(statement.companyId, statement.month)}`,
        },
        issuer.config.brandOwner,
      ),
    });
  }
}

/**
 * The job's run: the month before the running one (or `month`) for every company with a licence
 * or with processes in that month. Each company is its own transaction, so a failure half-way
 * keeps the companies already issued and a retry issues only the rest. Returns how many this run issued.
 */
export async function issueMonthStatements(
  issuer: StatementIssuer,
  now = new Date(),
  month = previousMonth(runningMonth(now)),
) {
  let issued = 0;
  for (const companyId of await statementsRepository(issuer.db).companiesToIssue(month)) {
    if ((await issueStatement(issuer, companyId, month, now))?.issued) issued += 1;
  }
  return { month, issued };
}
