import type { Administrator } from '../../../src/domain/administrators';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { roleLabel } from '../../../src/domain/roles';
import { systemIntegratorLabel } from '../../../src/domain/systemIntegratorLabel';
import { INITIAL_STATUS } from '../../../src/domain/userStatus';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { ApiError, forbidden, notFound } from '../../errors';
import { IdpUserExistsError, PASSWORD_SETUP_TTL_MS, type IdpAdminPort } from '../../idp/admin-port';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { administratorCreatedMail } from '../../mail/templates/administrator-created';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { emailChangeRepository } from '../email-change/email-change.repository';
import { employeeInvitationRepository } from '../employee-invitations/employee-invitations.repository';
import { systemIntegratorRepository } from '../system-integrators/system-integrators.repository';
import { endAllSessions } from '../users/sessions';
import { administratorRepository } from './administrators.repository';
import type { CreateAdministratorBody, UpdateAdministratorBody } from './administrators.schemas';
import { closeAccount } from '../retention/closed-accounts';

const emailAlreadyInUse = () => new ApiError(409, SERVER_MESSAGES.emailAlreadyInUse);
const lastSystemAdmin = () => new ApiError(409, SERVER_MESSAGES.lastSystemAdmin);
const unknownSystemIntegrator = () =>
  new ApiError(400, SERVER_MESSAGES.unknownSystemIntegrator, 'VALIDATION_FAILED', [
    `systemIntegratorId: ${SERVER_MESSAGES.unknownSystemIntegrator}`,
  ]);

export interface AdministratorServiceDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  /** Absent when no identity provider administration is configured (see server/idp/admin-port.ts). */
  idpAdmin: IdpAdminPort | undefined;
}

/** What the audit trail keeps of an administrator: who it was, so the row says whom it was about. */
const recorded = (admin: Omit<Administrator, 'id'>) => ({
  firstName: admin.firstName,
  lastName: admin.lastName,
  email: admin.email,
  role: admin.role,
  systemIntegratorId: admin.systemIntegratorId,
});

/**
 * The SystemAdmin's changes of administrator accounts (route administration; spec sections 2, 6
 * and 7): create (dialog createAdmin, with the set-password mail), rename, delete (dialog
 * deleteAdmin). Each is one transaction with its audit row (and mail); a refused one writes nothing.
 */
export function administratorService({ db, config, outbox, idpAdmin }: AdministratorServiceDeps) {
  function port(): IdpAdminPort {
    if (!idpAdmin) throw new Error('managing administrators needs an IdP-admin port');
    return idpAdmin;
  }

  return {
    /**
     * Creates the account at the identity provider and mails its one-time set-password link.
     * 'E-mail already in use' (409) when a user has the address, another user waits to confirm a
     * change to it, or a company's invitation of it is open; the address is locked like every
     * other step that hands one out (user-email:{address}), so no two of them can both take it.
     */
    async create(actor: CurrentUser, body: CreateAdministratorBody, now = new Date()): Promise<Administrator> {
      const idp = port();
      return outbox.transaction(db, async (tx, queueMail) => {
        const emails = emailChangeRepository(tx);
        await emails.lockEmail(body.email);
        if (
          (await emails.userHasEmail(body.email)) ||
          (await emails.pendingForAnotherUser(body.email, null, now)) ||
          (await employeeInvitationRepository(tx).openForEmail(body.email, now))
        ) {
          throw emailAlreadyInUse();
        }
        const integrator = body.systemIntegratorId
          ? await systemIntegratorRepository(tx).find(body.systemIntegratorId)
          : null;
        if (body.systemIntegratorId && !integrator) throw unknownSystemIntegrator();

        let created: { id: string };
        try {
          created = await idp.createUser(tx, {
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            salutation: null,
            birthDate: null,
            role: body.role,
            status: INITIAL_STATUS.administratorCreated,
            companyId: null,
            systemIntegratorId: body.systemIntegratorId,
          });
        } catch (err) {
          if (err instanceof IdpUserExistsError) throw emailAlreadyInUse();
          throw err;
        }
        const admin: Administrator = { id: created.id, ...recorded(body) };
        const setPasswordUrl = await idp.createPasswordSetupLink(tx, admin.id);
        await recordAudit(tx, actor, {
          action: 'administrator.created',
          entityType: 'administrator',
          entityId: admin.id,
          after: recorded(admin),
        });
        await queueMail({
          kind: MAIL_KINDS.administratorCreated,
          reference: admin.id,
          message: administratorCreatedMail(
            {
              to: admin.email,
              firstName: admin.firstName,
              lastName: admin.lastName,
              roleLabel: roleLabel(admin.role, null),
              systemIntegrator: integrator ? systemIntegratorLabel(integrator) : null,
              setPasswordUrl,
              validHours: PASSWORD_SETUP_TTL_MS / (60 * 60 * 1000),
            },
            config.brandOwner,
          ),
        });
        return admin;
      });
    },

    /**
     * New first and last name for another administrator (spec section 4: administrators do not
     * edit their own names). A company user's id is 404; the same names again change nothing.
     */
    async rename(actor: CurrentUser, id: string, names: UpdateAdministratorBody): Promise<Administrator> {
      const idp = port();
      return db.transaction(async (tx) => {
        const before = await administratorRepository(tx).lock(id);
        if (!before) throw notFound();
        if (before.id === actor.id) throw forbidden();
        const after = { ...before, ...names };
        if (after.firstName === before.firstName && after.lastName === before.lastName) return before;
        await idp.changeNames(tx, id, names);
        await recordAudit(tx, actor, {
          action: 'administrator.updated',
          entityType: 'administrator',
          entityId: id,
          before: recorded(before),
          after: recorded(after),
        });
        return after;
      });
    },

    /**
     * Removes the account: every session ends and the identity provider deletes it. Every
     * SystemAdmin's row is locked first, so the last SystemAdmin can never go (409), also when
     * two SystemAdmins delete each other at the same moment: the second finds itself the last one.
     * Nobody deletes themselves (403); a caller whose own account went meanwhile is refused too.
     */
    async remove(actor: CurrentUser, id: string, now = new Date()): Promise<void> {
      const idp = port();
      await db.transaction(async (tx) => {
        const repo = administratorRepository(tx);
        const systemAdmins = await repo.lockSystemAdmins();
        const target = await repo.lock(id);
        if (!target) throw notFound();
        if (target.role === 'SystemAdmin' && systemAdmins.filter((adminId) => adminId !== id).length === 0) {
          throw lastSystemAdmin();
        }
        if (!systemAdmins.includes(actor.id) || target.id === actor.id) throw forbidden();
        await endAllSessions(tx, idp, id, now);
        await closeAccount(tx, idp, id, now);
        // Mails to the person still waiting in the outbox never go out (issue 24): a set-password
        // mail would only carry a dead link.
        await outbox.withdraw(tx, [id]);
        await recordAudit(tx, actor, {
          action: 'administrator.deleted',
          entityType: 'administrator',
          entityId: id,
          before: recorded(target),
        });
      });
    },
  };
}
