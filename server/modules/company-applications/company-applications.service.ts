import { randomUUID } from 'node:crypto';
import { addDays } from 'date-fns/addDays';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { emptyToNull } from '../../lib/field-schema';
import { IdpUserExistsError, PASSWORD_SETUP_TTL_MS, type IdpAdminPort } from '../../idp/admin-port';
import { matchesSecretToken, hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { MAIL_KINDS, type MailOutbox } from '../../mail/outbox';
import { applicationConfirmationMail } from '../../mail/templates/application-confirmation';
import { applicationRejectionMail } from '../../mail/templates/application-rejection';
import { ownerActivationMail } from '../../mail/templates/owner-activation';
import { registrationAttemptMail } from '../../mail/templates/registration-attempt';
import { recordAudit, type AuditActor } from '../audit/audit';
import { companyRepository } from '../companies/companies.repository';
import { documentRepository } from '../documents/documents.repository';
import { companyApplicationRepository } from './company-applications.repository';
import type { ApplicationDetail, Decision, SubmitApplicationBody } from './company-applications.schemas';
import type { CompanyApplicationRow } from './company-applications.table';

/** The confirmation link in the applicant's mail works this long (issue 3: 7 days). */
export const CONFIRMATION_VALID_DAYS = 7;

export const noApplicationFound = () => new ApiError(404, SERVER_MESSAGES.noApplicationFound);
export const applicationAlreadyDecided = () => new ApiError(409, SERVER_MESSAGES.applicationAlreadyDecided);
const emailAlreadyInUse = () => new ApiError(409, SERVER_MESSAGES.emailAlreadyInUse);
const documentNotFound = () => new ApiError(400, SERVER_MESSAGES.documentNotFound);

export interface ApplicationServiceDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  /** Absent when no identity provider administration is configured (see server/idp/admin-port.ts). */
  idpAdmin: IdpAdminPort | undefined;
}

/** Only Open applications are decided: an unknown or unconfirmed one is 404, a decided one 409. */
async function whyNotDecidable(repo: ReturnType<typeof companyApplicationRepository>, id: string) {
  const existing = await repo.find(id);
  return !existing || existing.status === 'Unconfirmed' ? noApplicationFound() : applicationAlreadyDecided();
}

/**
 * The company application's life: submit (Unconfirmed, confirmation mail), confirm (Open), review,
 * and the decision. Every step that writes more than one row is one transaction; a refused step
 * writes nothing.
 */
/** The LumioAdmin who decides. */
type Actor = NonNullable<AuditActor>;

export function companyApplicationService({ db, config, outbox, idpAdmin }: ApplicationServiceDeps) {
  /** The applicant's link: the id names the application, the token proves the mailbox. */
  const confirmUrl = (id: string, token: string) =>
    `${config.publicUrl}/company-application/${id}/confirm?token=${token}`;

  async function toDetail(row: CompanyApplicationRow): Promise<ApplicationDetail> {
    const documents = await documentRepository(db).listForApplication(row.id);
    return {
      id: row.id,
      status: row.status,
      email: row.email,
      salutation: row.salutation,
      firstName: row.firstName,
      lastName: row.lastName,
      birthDate: row.birthDate,
      companyName: row.companyName,
      legalForm: row.legalForm,
      address: row.address,
      country: row.country,
      phoneNumber: row.phoneNumber,
      phoneNumber2: row.phoneNumber2,
      website: row.website,
      memberId: row.memberId,
      createdAt: row.createdAt.toISOString(),
      lastModifiedAt: row.lastModifiedAt.toISOString(),
      documents,
      stores: row.stores,
    };
  }

  async function approve(id: string, actor: Actor, now: Date) {
    if (!idpAdmin) {
      throw new Error('approval needs an IdP-admin port; only the embedded identity provider has one so far');
    }
    const port = idpAdmin;
    // One transaction: the decision, the company, the owner, the link and the mail carrying it
    // exist together or not at all (server/mail/outbox.ts delivers the mail after the commit).
    return outbox.transaction(db, async (tx, queueMail) => {
      const repo = companyApplicationRepository(tx);
      const decided = await repo.decide(id, 'Approved', actor.id, now);
      if (!decided) throw await whyNotDecidable(repo, id);
      if (await repo.userHasEmail(decided.email)) throw emailAlreadyInUse();
      const company = await companyRepository(tx).createWithStores(
        {
          name: decided.companyName,
          legalForm: decided.legalForm,
          address: decided.address,
          country: decided.country,
          phoneNumber: decided.phoneNumber,
          phoneNumber2: decided.phoneNumber2,
          website: decided.website,
          memberId: decided.memberId,
        },
        decided.stores,
      );
      let owner: { id: string };
      try {
        owner = await port.createUser(tx, {
          email: decided.email,
          firstName: decided.firstName,
          lastName: decided.lastName,
          salutation: decided.salutation,
          birthDate: decided.birthDate,
          role: 'Owner',
          // Initial registration stays unfinished until the eID binding (spec section 4).
          status: 'Approved',
          companyId: company.id,
          systemIntegratorId: null,
        });
      } catch (err) {
        if (err instanceof IdpUserExistsError) throw emailAlreadyInUse();
        throw err;
      }
      const setPasswordUrl = await port.createPasswordSetupLink(tx, owner.id);
      const row = await repo.linkCompany(id, company.id);
      await recordAudit(tx, actor, {
        action: 'application.approved',
        entityType: 'application',
        entityId: id,
        companyId: company.id,
        after: { status: 'Approved', companyName: decided.companyName, ownerEmail: decided.email },
      });
      await queueMail({
        kind: MAIL_KINDS.ownerActivation,
        reference: owner.id,
        message: ownerActivationMail(
          { ...row, to: row.email, setPasswordUrl, validHours: PASSWORD_SETUP_TTL_MS / (60 * 60 * 1000) },
          config.brandOwner,
        ),
      });
      return row;
    });
  }

  async function reject(id: string, actor: Actor, now: Date) {
    return outbox.transaction(db, async (tx, queueMail) => {
      const repo = companyApplicationRepository(tx);
      const decided = await repo.decide(id, 'Rejected', actor.id, now);
      if (!decided) throw await whyNotDecidable(repo, id);
      await recordAudit(tx, actor, {
        action: 'application.rejected',
        entityType: 'application',
        entityId: id,
        after: { status: 'Rejected', companyName: decided.companyName, applicantEmail: decided.email },
      });
      await queueMail({
        kind: MAIL_KINDS.applicationRejection,
        reference: decided.id,
        message: applicationRejectionMail(
          { ...decided, to: decided.email, retentionDays: config.documentRetentionDays },
          config.brandOwner,
        ),
      });
      return decided;
    });
  }

  return {
    /**
     * Stores the application (Unconfirmed), attaches its documents and queues the mail with the
     * confirmation link, in one transaction. The answer's id confirms nothing: only the token in
     * the mail does, so nobody can confirm an address they cannot read. An address that already
     * has an account or a pending application gets the same answer and a mail about the attempt
     * instead (registration-attempt), nothing else is stored.
     */
    async submit(body: SubmitApplicationBody, now = new Date()): Promise<string> {
      const documentIds = [...new Set(body.documentIds)];
      return outbox.transaction(db, async (tx, queueMail) => {
        const repo = companyApplicationRepository(tx);
        await repo.lockEmail(body.email);
        const holder = await repo.holderOfEmail(body.email, now);
        if (holder) {
          // Answered like a new application (issue 24: the registration must not tell whether an
          // address has an account): a fresh id that names nothing, the documents taken out of the
          // way as an application would take them, and a mail to the address instead of a refusal.
          if ((await documentRepository(tx).deleteUnattached(documentIds)) !== documentIds.length) {
            throw documentNotFound();
          }
          await queueMail({
            kind: MAIL_KINDS.registrationAttempt,
            reference: holder.id,
            message: registrationAttemptMail(
              { ...holder, to: body.email, loginUrl: `${config.publicUrl}/dashboard` },
              config.brandOwner,
            ),
          });
          return randomUUID();
        }
        const token = newSecretToken();
        const row = await repo.insert({
          confirmationTokenHash: hashSecretToken(token),
          email: body.email,
          salutation: body.salutation,
          firstName: body.firstName,
          lastName: body.lastName,
          birthDate: body.birthDate,
          companyName: body.companyName,
          legalForm: body.legalForm,
          address: body.address,
          country: body.country,
          phoneNumber: body.phoneNumber,
          phoneNumber2: emptyToNull(body.phoneNumber2),
          website: emptyToNull(body.website),
          memberId: emptyToNull(body.memberId),
          // Issue 3: the application's studio list holds one studio made from the company data.
          stores: [{ name: body.companyName, address: body.address, country: body.country }],
          confirmUntil: addDays(now, CONFIRMATION_VALID_DAYS),
        });
        const attached = await documentRepository(tx).attach(documentIds, row.id);
        if (attached !== documentIds.length) throw documentNotFound();
        await queueMail({
          kind: MAIL_KINDS.applicationConfirmation,
          reference: row.id,
          message: applicationConfirmationMail(
            { ...row, to: row.email, confirmUrl: confirmUrl(row.id, token), validDays: CONFIRMATION_VALID_DAYS },
            config.brandOwner,
          ),
        });
        return row.id;
      });
    },

    /**
     * The applicant's link (id and token): Unconfirmed and in time → Open; opening it again while
     * the application waits for review answers the same. A decided application answers 409, so the
     * page does not claim a confirmation that no longer matters. Unknown id, wrong token, or never
     * confirmed in time → 404, alike.
     */
    async confirm(id: string, token: string, now = new Date()): Promise<string> {
      const repo = companyApplicationRepository(db);
      const existing = await repo.find(id);
      if (!existing || !matchesSecretToken(token, existing.confirmationTokenHash)) throw noApplicationFound();
      if (existing.status === 'Open') return id;
      if (existing.status !== 'Unconfirmed') throw applicationAlreadyDecided();
      if (await repo.confirm(id, now)) return id;
      // Expired, or decided between the read and the update.
      const current = await repo.find(id);
      if (current?.status === 'Open') return id;
      if (current?.status === 'Approved' || current?.status === 'Rejected') throw applicationAlreadyDecided();
      throw noApplicationFound();
    },

    /** Confirmed applications only: an unconfirmed one is nobody's business yet. */
    async detail(id: string): Promise<ApplicationDetail> {
      const row = await companyApplicationRepository(db).find(id);
      if (!row || row.status === 'Unconfirmed') throw noApplicationFound();
      return toDetail(row);
    },

    async decide(id: string, status: Decision, actor: Actor, now = new Date()): Promise<ApplicationDetail> {
      const row = status === 'Approved' ? await approve(id, actor, now) : await reject(id, actor, now);
      return toDetail(row);
    },
  };
}
