import { count, eq, inArray } from 'drizzle-orm';
import { mayDeleteOwnCompany } from '../../../src/domain/companyDeletion';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import type { Tx } from '../../db/client';
import { ApiError, forbidden, notFound } from '../../errors';
import type { IdpAdminPort } from '../../idp/admin-port';
import type { MailOutbox } from '../../mail/outbox';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { companyApplications } from '../company-applications/company-applications.table';
import { documents } from '../documents/documents.table';
import { employeeInvitations } from '../employee-invitations/employee-invitations.table';
import { licenses } from '../licenses/licenses.table';
import { archiveClosedCompany, closeAccount } from '../retention/closed-accounts';
import { users } from '../users/users.table';
import { companies, stores } from './companies.table';
import { companyRepository } from './companies.repository';

export interface CompanyDeletionDeps {
  idpAdmin: IdpAdminPort;
  outbox: MailOutbox;
}

/** What was removed, for the log line and the tests. */
export interface CompanyDeletionResult {
  users: number;
  stores: number;
  applications: number;
  documents: number;
}

/**
 * Deletes the owner's company with everything that belongs to it, in the caller's transaction:
 * its users at the identity provider (credentials, sessions, tokens), its studios, the
 * application it came from with the uploaded documents, and the company. One audit row stays: the
 * audit trail has no foreign keys, so it outlives the company it is about.
 *
 * The company row and the owner's row are locked first, so two deletions run one after the other
 * (the second finds nothing) and an eID binding that finishes the registration meanwhile wins:
 * the rule is checked again on the locked row.
 */
export async function deleteCompany(
  tx: Tx,
  { idpAdmin, outbox }: CompanyDeletionDeps,
  actor: CurrentUser,
  companyId: string,
): Promise<CompanyDeletionResult> {
  const company = await companyRepository(tx).lock(companyId);
  if (!company) throw notFound();
  const [owner] = await tx
    .select({ role: users.role, status: users.status, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, actor.id))
    .for('update');
  if (!owner || owner.companyId !== companyId || !mayDeleteOwnCompany(owner)) throw forbidden();
  // Licences and their identification processes are kept for years (RESTRICTed foreign keys): a
  // company with one stays, checked before anyone is removed at the identity provider. A licence
  // added concurrently makes the final DELETE fail instead (the route answers that as 409 too).
  const [licensed] = await tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(eq(licenses.companyId, companyId))
    .limit(1);
  if (licensed) throw new ApiError(409, SERVER_MESSAGES.companyHasLicenses);

  const members = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  const applicationIds = (
    await tx
      .select({ id: companyApplications.id })
      .from(companyApplications)
      .where(eq(companyApplications.companyId, companyId))
  ).map((row) => row.id);
  const [{ studios }] = await tx.select({ studios: count() }).from(stores).where(eq(stores.companyId, companyId));

  const invitationIds = (
    await tx
      .select({ id: employeeInvitations.id })
      .from(employeeInvitations)
      .where(eq(employeeInvitations.companyId, companyId))
  ).map((row) => row.id);
  // What the law keeps (issue 28): each person's data and pseudonym, the company's data and the
  // approved application's documents, archived before the rows go (server/modules/retention).
  const now = new Date();
  for (const member of members) await closeAccount(tx, idpAdmin, member.id, now);
  await archiveClosedCompany(tx, companyId, now);
  // Mails to the company's people and invitees still waiting in the outbox never go out (issue
  // 24): an activation or invitation mail would carry a link to what no longer exists.
  await outbox.withdraw(tx, [...members.map((member) => member.id), ...invitationIds]);
  const removedDocuments = applicationIds.length
    ? await tx.delete(documents).where(inArray(documents.applicationId, applicationIds)).returning({ id: documents.id })
    : [];
  if (applicationIds.length) {
    await tx.delete(companyApplications).where(inArray(companyApplications.id, applicationIds));
  }
  // The studios go with the company (foreign key, on delete cascade).
  await tx.delete(companies).where(eq(companies.id, companyId));

  const result: CompanyDeletionResult = {
    users: members.length,
    stores: studios,
    applications: applicationIds.length,
    documents: removedDocuments.length,
  };
  const { id: _id, ...fields } = company;
  await recordAudit(tx, actor, {
    action: 'company.deleted',
    entityType: 'company',
    entityId: companyId,
    companyId,
    before: { ...fields, ...result },
  });
  return result;
}
