import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import {
  canManageEmployee,
  DECISION_EVENTS,
  type AssignableRole,
  type EmployeeDecision,
} from '../../../src/domain/employees';
import { nextStatus } from '../../../src/domain/userStatus';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { ApiError, forbidden, notFound } from '../../errors';
import type { IdpAdminPort } from '../../idp/admin-port';
import { MAIL_KINDS, type MailOutbox, type QueueMail } from '../../mail/outbox';
import { employeeApprovedMail } from '../../mail/templates/employee-approved';
import { employeeRejectedMail } from '../../mail/templates/employee-rejected';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { companyRepository } from '../companies/companies.repository';
import { eidBindingRepository } from '../eid-binding/eid-binding.repository';
import { eidReviewRepository } from '../eid-reviews/eid-reviews.repository';
import { employeeRepository } from './employees.repository';
import type { Employee } from './employees.schemas';
import { endAllSessions } from './sessions';
import { closeAccount } from '../retention/closed-accounts';

const notPendingApproval = () => new ApiError(409, SERVER_MESSAGES.employeeNotPendingApproval);

export interface EmployeeServiceDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  /** Absent when no identity provider administration is configured (see server/idp/admin-port.ts). */
  idpAdmin: IdpAdminPort | undefined;
}

/** What the audit trail keeps of a person: the name, so the history can say whom it was about. */
const named = (person: Employee) => ({ firstName: person.firstName, lastName: person.lastName });

/**
 * The company's decisions about its people (spec "Employees", "Employee detail"; ARCHITECTURE.md
 * "Users: one status machine"): approve, reject, change the role, delete. Each is one transaction
 * with its audit row and mail; the person's row is locked first and the rules of
 * src/domain/employees.ts are checked on it, so a refused request writes nothing.
 */
export function employeeService({ db, config, outbox, idpAdmin }: EmployeeServiceDeps) {
  function port(): IdpAdminPort {
    if (!idpAdmin) throw new Error('managing employees needs an IdP-admin port');
    return idpAdmin;
  }

  /** The locked person, if the actor may change them: 404 when not in the company, 403 for oneself or an owner. */
  async function manageable(tx: Tx, actor: CurrentUser, companyId: string, userId: string): Promise<Employee> {
    const target = await employeeRepository(tx).lock(companyId, userId);
    if (!target) throw notFound();
    if (!canManageEmployee(actor, target)) throw forbidden();
    return target;
  }

  async function companyName(tx: Tx, companyId: string): Promise<string> {
    const company = await companyRepository(tx).find(companyId);
    if (!company) throw notFound();
    return company.name;
  }

  async function mailDecision(tx: Tx, queueMail: QueueMail, person: Employee, companyId: string) {
    const mail = { ...person, to: person.email, companyName: await companyName(tx, companyId) };
    if (person.status === 'Rejected') {
      await queueMail({
        kind: MAIL_KINDS.employeeRejected,
        reference: person.id,
        message: employeeRejectedMail(mail, config.brandOwner),
      });
      return;
    }
    await queueMail({
      kind: MAIL_KINDS.employeeApproved,
      reference: person.id,
      message: employeeApprovedMail(
        { ...mail, eidOutstanding: person.status !== 'VerifiedAndApproved', loginUrl: `${config.publicUrl}/` },
        config.brandOwner,
      ),
    });
  }

  return {
    /**
     * 'Freigeben' or 'Ablehnen' along the status machine; a person who is not pending any more
     * (approved twice, rejected after the approval) is 409. Rejecting disables the account at the
     * identity provider and ends every session; either way the person gets a mail.
     */
    async decide(
      actor: CurrentUser,
      companyId: string,
      userId: string,
      decision: EmployeeDecision,
      now = new Date(),
    ): Promise<Employee> {
      return outbox.transaction(db, async (tx, queueMail) => {
        const before = await manageable(tx, actor, companyId, userId);
        const status = nextStatus(before.status, DECISION_EVENTS[decision]);
        if (!status) throw notPendingApproval();
        await employeeRepository(tx).setStatus(userId, status, now);
        if (status === 'Rejected') {
          await port().disableUser(tx, userId);
          await endAllSessions(tx, port(), userId, now);
          // An open eID review of the person is moot: the card's data go, the held card is released.
          await eidReviewRepository(tx).deleteOpenOfUser(userId);
          await eidBindingRepository(tx).releaseHeld(userId);
        }
        const after = { ...before, status };
        await recordAudit(tx, actor, {
          action: status === 'Rejected' ? 'user.rejected' : 'user.approved',
          entityType: 'user',
          entityId: userId,
          companyId,
          before: { ...named(before), status: before.status },
          after: { ...named(after), status },
        });
        await mailDecision(tx, queueMail, after, companyId);
        return after;
      });
    },

    /** Gives the person another role the company can give; the same role again changes nothing. */
    async changeRole(actor: CurrentUser, companyId: string, userId: string, role: AssignableRole): Promise<Employee> {
      return db.transaction(async (tx) => {
        const before = await manageable(tx, actor, companyId, userId);
        if (before.role === role) return before;
        await port().changeRole(tx, userId, role);
        await recordAudit(tx, actor, {
          action: 'user.role-changed',
          entityType: 'user',
          entityId: userId,
          companyId,
          before: { ...named(before), role: before.role },
          after: { ...named(before), role },
        });
        return { ...before, role };
      });
    },

    /**
     * Removes the person: every session ends, the identity provider deletes the account (with its
     * credentials and tokens), the audit row keeps who it was.
     */
    async remove(actor: CurrentUser, companyId: string, userId: string, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await manageable(tx, actor, companyId, userId);
        await endAllSessions(tx, port(), userId, now);
        // The law keeps the person's data and pseudonym for a while (issue 28): archived, then deleted.
        await closeAccount(tx, port(), userId, now);
        // Mails to the person still waiting in the outbox never go out (issue 24).
        await outbox.withdraw(tx, [userId]);
        // Retention (issue 13): the person's identification processes are not deleted with them;
        // the law keeps them in the reports by name and pseudonym, and this audit row keeps the
        // name, e-mail, role and status the person had, for as long as the audit trail is kept.
        await recordAudit(tx, actor, {
          action: 'user.deleted',
          entityType: 'user',
          entityId: userId,
          companyId,
          before: { ...named(before), email: before.email, role: before.role, status: before.status },
        });
      });
    },
  };
}
