import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { IdpAdminPort } from '../../idp/admin-port';
import { companies } from '../companies/companies.table';
import { companyApplications } from '../company-applications/company-applications.table';
import { documents } from '../documents/documents.table';
import { eidBindings } from '../eid-binding/eid-binding.table';
import { identificationProcesses } from '../licenses/licenses.table';
import { users } from '../users/users.table';
import { closedAccounts, closedCompanies, closedCompanyDocuments } from './retention.table';

/**
 * Keeps what the law keeps of an account before its users row goes (issue 28, PassDEÜV § 1d Abs. 2):
 * personal data, the eID pseudonym and binding, and whether the person carried out identifications.
 * In the caller's transaction, so the archive row exists exactly when the account is gone. A second
 * call for the same account changes nothing.
 *
 * "Carried out identifications" is exact where the studio software named the person: any process
 * whose operator is this person counts. Processes recorded without an operator are approximated as
 * before: the person had a bound eID while a member of a company that recorded such processes during
 * that membership (from the binding until now). A rejected person was never an approved member and
 * never counts by the approximation (docs/retention.md).
 */
export async function archiveClosedAccount(tx: Tx, userId: string, now = new Date()): Promise<void> {
  const [row] = await tx
    .select({ user: users, binding: eidBindings })
    .from(users)
    .leftJoin(eidBindings, eq(eidBindings.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  if (!row) return;
  const { user, binding } = row;
  const rejected = user.status === 'Rejected';
  const [named] = await tx
    .select({ id: identificationProcesses.id })
    .from(identificationProcesses)
    .where(eq(identificationProcesses.operatorUserId, user.id))
    .limit(1);
  let carriedOut = Boolean(named);
  if (!carriedOut && !rejected && binding?.boundAt && user.companyId) {
    const [unnamed] = await tx
      .select({ id: identificationProcesses.id })
      .from(identificationProcesses)
      .where(
        and(
          eq(identificationProcesses.companyId, user.companyId),
          isNull(identificationProcesses.operatorUserId),
          gte(identificationProcesses.createdAt, binding.boundAt),
          lte(identificationProcesses.createdAt, now),
        ),
      )
      .limit(1);
    carriedOut = Boolean(unnamed);
  }
  await tx
    .insert(closedAccounts)
    .values({
      id: user.id,
      companyId: user.companyId,
      role: user.role,
      status: user.status,
      email: user.email,
      salutation: user.salutation,
      firstName: user.firstName,
      lastName: user.lastName,
      birthDate: user.birthDate,
      pseudonymHash: binding?.pseudonymHash ?? null,
      documentType: binding?.documentType ?? null,
      eidBoundAt: binding?.boundAt ?? null,
      reason: rejected ? 'rejected' : 'deleted',
      closedAt: rejected ? (user.rejectedAt ?? now) : now,
      carriedOutIdentifications: carriedOut,
      accountCreatedAt: user.createdAt,
    })
    .onConflictDoNothing();
}

/**
 * Closes an account: archives it (above), then the identity provider deletes it as before (the users
 * row, credentials, sessions). Every deletion of a person goes through here.
 */
export async function closeAccount(tx: Tx, idp: IdpAdminPort, userId: string, now = new Date()): Promise<void> {
  await archiveClosedAccount(tx, userId, now);
  await idp.deleteUser(tx, userId);
}

/**
 * Keeps a deleted company's data and its approved application's documents for 6 months
 * (docs/retention.md), in the deletion's transaction, before the company and application rows go.
 */
export async function archiveClosedCompany(tx: Tx, companyId: string, now = new Date()): Promise<number> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return 0;
  const [application] = await tx
    .select({ id: companyApplications.id })
    .from(companyApplications)
    .where(and(eq(companyApplications.companyId, companyId), eq(companyApplications.status, 'Approved')))
    .limit(1);
  const { id, createdAt, ...fields } = company;
  await tx
    .insert(closedCompanies)
    .values({ id, ...fields, applicationId: application?.id ?? null, companyCreatedAt: createdAt, closedAt: now })
    .onConflictDoNothing();
  if (!application) return 0;
  const kept = await tx
    .select()
    .from(documents)
    .where(inArray(documents.applicationId, [application.id]));
  if (!kept.length) return 0;
  await tx
    .insert(closedCompanyDocuments)
    .values(
      kept.map((doc) => ({
        id: doc.id,
        closedCompanyId: id,
        name: doc.name,
        contentType: doc.contentType,
        size: doc.size,
        ciphertext: doc.ciphertext,
        iv: doc.iv,
        authTag: doc.authTag,
        createdAt: doc.createdAt,
        closedAt: now,
      })),
    )
    .onConflictDoNothing();
  return kept.length;
}
