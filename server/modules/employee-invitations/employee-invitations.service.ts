import { addDays } from 'date-fns/addDays';
import { z } from 'zod';
import { EMPLOYEE_INVITATION_ROUTE, EMPLOYEE_INVITATION_VALID_DAYS } from '../../../src/domain/employeeInvitation';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { INITIAL_STATUS } from '../../../src/domain/userStatus';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../errors';
import { IdpUserExistsError, PASSWORD_SETUP_TTL_MS, type IdpAdminPort } from '../../idp/admin-port';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { employeeInvitationMail } from '../../mail/templates/employee-invitation';
import { employeeRegisteredMail } from '../../mail/templates/employee-registered';
import { recordAudit, type AuditActor } from '../audit/audit';
import { companyRepository } from '../companies/companies.repository';
import { emailChangeRepository } from '../email-change/email-change.repository';
import { employeeInvitationRepository } from './employee-invitations.repository';
import type { RegistrationBody } from './employee-invitations.schemas';

const emailAlreadyInUse = () => new ApiError(409, SERVER_MESSAGES.emailAlreadyInUse);
const invitationNotFound = () => new ApiError(404, SERVER_MESSAGES.invitationNotFound);
const isUuid = (id: string) => z.uuid().safeParse(id).success;

export interface EmployeeInvitationDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  /** Absent when no identity provider administration is configured (see server/idp/admin-port.ts). */
  idpAdmin: IdpAdminPort | undefined;
}

/** The inviting Owner or AccountAdministrator, with the company they invite into. */
type Inviter = NonNullable<AuditActor> & { companyId: string };

/**
 * Inviting an employee and registering through the invitation (spec sections 2 and 7). Each step
 * is one transaction with its mail (the outbox sends it after the commit) and its audit row; a
 * refused step changes nothing. Every step that hands out an address takes the same lock as the
 * e-mail change (user-email:{address}), so no two of them can both find it free.
 */
export function employeeInvitationService({ db, config, outbox, idpAdmin }: EmployeeInvitationDeps) {
  const registerUrl = (token: string) => `${config.publicUrl}/${EMPLOYEE_INVITATION_ROUTE}/${token}`;

  return {
    /**
     * Invites `email` into the inviter's company: a new link valid 7 days, mailed to the address.
     * An open invitation of the same address in the same company is replaced (renewed: the old
     * link stops working, its mail is withdrawn if still queued). Refused with 'E-mail already in
     * use' when a user has the address, a user waits to confirm a change to it, or another
     * company has an open invitation of it.
     */
    async invite(inviter: Inviter, email: string, now = new Date()) {
      return outbox.transaction(db, async (tx, queueMail) => {
        const users = emailChangeRepository(tx);
        const invitations = employeeInvitationRepository(tx);
        await users.lockEmail(email);
        if (
          (await users.userHasEmail(email)) ||
          (await users.pendingForAnotherUser(email, null, now)) ||
          (await invitations.openInAnotherCompany(email, inviter.companyId, now))
        ) {
          throw emailAlreadyInUse();
        }
        const company = await companyRepository(tx).find(inviter.companyId);
        if (!company) throw notFound();
        const replaced = await invitations.replaceOpen(email, inviter.companyId, now);
        // A mail of a replaced invitation that has not gone out yet never will.
        for (const old of replaced) await outbox.supersede(tx, MAIL_KINDS.employeeInvitation, old.id);
        const token = newSecretToken();
        const row = await invitations.insert({
          tokenHash: hashSecretToken(token),
          companyId: inviter.companyId,
          email,
          invitedBy: inviter.id,
          createdAt: now,
          expiresAt: addDays(now, EMPLOYEE_INVITATION_VALID_DAYS),
        });
        const renewed = replaced.length > 0;
        await recordAudit(tx, inviter, {
          action: renewed ? 'invitation.renewed' : 'invitation.created',
          entityType: 'invitation',
          entityId: row.id,
          companyId: inviter.companyId,
          before: renewed
            ? { replacedInvitationId: replaced[0].id, expiresAt: replaced[0].expiresAt.toISOString() }
            : null,
          after: { email, expiresAt: row.expiresAt.toISOString() },
        });
        await queueMail({
          kind: MAIL_KINDS.employeeInvitation,
          reference: row.id,
          message: employeeInvitationMail(
            {
              to: email,
              companyName: company.name,
              registerUrl: registerUrl(token),
              validDays: EMPLOYEE_INVITATION_VALID_DAYS,
              renewed,
            },
            config.brandOwner,
          ),
        });
        return { id: row.id, email, validUntil: row.expiresAt.toISOString() };
      });
    },

    /** The company's open invitations for the employees page (issue 25): address, sent, valid until. */
    async listOpen(companyId: string, now = new Date()) {
      const rows = await employeeInvitationRepository(db).listOpen(companyId, now);
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        invitedAt: row.createdAt.toISOString(),
        validUntil: row.expiresAt.toISOString(),
      }));
    },

    /**
     * Sends an open invitation again. The link's token exists only as its hash, so the old link
     * cannot be mailed twice: the invitation is renewed as inviting the address again renews it
     * (a new link valid 7 days, the old one stops working, audit 'invitation.renewed'). 404 for an
     * invitation that is not the company's or no longer open.
     */
    async resend(inviter: Inviter, invitationId: string, now = new Date()) {
      if (!isUuid(invitationId)) throw invitationNotFound();
      const found = await employeeInvitationRepository(db).findOpenById(inviter.companyId, invitationId, now);
      if (!found) throw invitationNotFound();
      return this.invite(inviter, found.email, now);
    },

    /**
     * Takes an open invitation back: its link no longer registers anyone, a mail of it that has not
     * gone out yet never will, and an audit row 'invitation.withdrawn' records who did it. 404 for
     * an invitation that is not the company's or no longer open.
     */
    async withdraw(actor: Inviter, invitationId: string, now = new Date()) {
      if (!isUuid(invitationId)) throw invitationNotFound();
      await db.transaction(async (tx) => {
        const invitations = employeeInvitationRepository(tx);
        const found = await invitations.findOpenById(actor.companyId, invitationId, now);
        if (!found || !(await invitations.withdraw(found.id, now))) throw invitationNotFound();
        await outbox.withdraw(tx, [found.id]);
        await recordAudit(tx, actor, {
          action: 'invitation.withdrawn',
          entityType: 'invitation',
          entityId: found.id,
          companyId: actor.companyId,
          before: { email: found.email, expiresAt: found.expiresAt.toISOString() },
          after: { withdrawnAt: now.toISOString() },
        });
      });
    },

    /** What the link's page shows: the invited address and the company; 404 unless the invitation is open. */
    async view(token: string, now = new Date()) {
      const found = await employeeInvitationRepository(db).findOpen(token, now);
      if (!found) throw invitationNotFound();
      return { email: found.invitation.email, company: { name: found.companyName } };
    },

    /**
     * Registers the invited person: an Employee of the invitation's company with the invited
     * address (never one from the request), status Unverified, through the IdP-admin port; the
     * invitation is used up, and the second mail brings the one-time set-password link and the
     * steps that remain. A replayed link is 404 'Invitation not found' like any other closed one.
     */
    async register(token: string, body: RegistrationBody, now = new Date()) {
      if (!idpAdmin) {
        throw new Error(
          'registering through an invitation needs an IdP-admin port; only the embedded IdP has one so far',
        );
      }
      const port = idpAdmin;
      const seen = await employeeInvitationRepository(db).findOpen(token, now);
      if (!seen) throw invitationNotFound();
      return outbox.transaction(db, async (tx, queueMail) => {
        const users = emailChangeRepository(tx);
        const invitations = employeeInvitationRepository(tx);
        // Address first, then the invitation: the order every step that hands out an address takes.
        await users.lockEmail(seen.invitation.email);
        const found = await invitations.findOpen(token, now, { lock: true });
        if (!found) throw invitationNotFound();
        const { invitation, companyName } = found;
        if (await users.userHasEmail(invitation.email)) throw emailAlreadyInUse();
        let user: { id: string };
        try {
          user = await port.createUser(tx, {
            email: invitation.email,
            salutation: body.salutation,
            firstName: body.firstName,
            lastName: body.lastName,
            birthDate: body.birthDate,
            role: 'Employee',
            status: INITIAL_STATUS.invitationRegistered,
            companyId: invitation.companyId,
            systemIntegratorId: null,
          });
        } catch (err) {
          if (err instanceof IdpUserExistsError) throw emailAlreadyInUse();
          throw err;
        }
        await invitations.markUsed(invitation.id, now);
        const setPasswordUrl = await port.createPasswordSetupLink(tx, user.id);
        // The link holder acts: the row names the new user, so the employee's history shows it.
        await recordAudit(
          tx,
          { id: user.id, email: invitation.email, role: 'Employee' },
          {
            action: 'user.registered',
            entityType: 'user',
            entityId: user.id,
            companyId: invitation.companyId,
            after: {
              invitationId: invitation.id,
              email: invitation.email,
              ...body,
              role: 'Employee',
              status: INITIAL_STATUS.invitationRegistered,
            },
          },
        );
        await queueMail({
          kind: MAIL_KINDS.employeeRegistered,
          reference: user.id,
          message: employeeRegisteredMail(
            {
              ...body,
              to: invitation.email,
              companyName,
              setPasswordUrl,
              validHours: PASSWORD_SETUP_TTL_MS / (60 * 60 * 1000),
            },
            config.brandOwner,
          ),
        });
        return { email: invitation.email };
      });
    },
  };
}
